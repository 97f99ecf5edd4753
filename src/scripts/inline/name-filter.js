document.querySelectorAll('[data-name-filter]').forEach((form) => {
  const id = form.dataset.nameFilter;
  const input = form.querySelector('input');
  const tiles = document.querySelectorAll(`[data-filter-list="${id}"] [data-filter-name]`);
  const empty = document.querySelector(`[data-filter-empty="${id}"]`);
  input.addEventListener('input', () => {
    const text = input.value.trim().toLowerCase();
    let shown = 0;
    tiles.forEach((tile) => {
      const match = tile.dataset.filterName.toLowerCase().includes(text);
      tile.hidden = !match;
      if (match) shown++;
    });
    empty.hidden = shown > 0;
  });
});
