// A Law's views (its text in force, the changes since an earlier edition, that edition's wording)
// give a provision the same anchor: switching view keeps the reader at the provision being read.
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest(".edition-switch a");
  if (link && window.location.hash && !link.hash) {
    link.hash = window.location.hash;
  }
});
