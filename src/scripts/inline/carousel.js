document.querySelectorAll('[data-carousel]').forEach((root) => {
  const track = root.querySelector('[data-track]');
  const slides = Array.from(track.children);
  if (slides.length < 2) return;
  const dots = Array.from(root.querySelectorAll('[data-dot]'));
  let index = 0;
  let paused = false;
  const show = (i) => {
    index = (i + slides.length) % slides.length;
    track.scrollTo({ left: slides[index].offsetLeft - slides[0].offsetLeft, behavior: 'smooth' });
    mark();
  };
  const mark = () => dots.forEach((d, i) => d.setAttribute('aria-current', i === index ? 'true' : 'false'));
  let timer;
  track.addEventListener(
    'scroll',
    () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        index = Math.round(track.scrollLeft / track.clientWidth);
        mark();
        root.dataset.index = String(index);
      }, 80);
    },
    { passive: true },
  );
  root.querySelectorAll('[data-controls]').forEach((el) => el.removeAttribute('hidden'));
  root.querySelector('[data-prev]')?.addEventListener('click', () => show(index - 1));
  root.querySelector('[data-next]')?.addEventListener('click', () => show(index + 1));
  dots.forEach((d, i) => d.addEventListener('click', () => show(i)));
  ['pointerenter', 'focusin', 'touchstart'].forEach((e) => root.addEventListener(e, () => (paused = true), { passive: true }));
  ['pointerleave', 'focusout'].forEach((e) => root.addEventListener(e, () => (paused = false)));
  const interval = Number(root.dataset.interval);
  if (interval > 0 && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
    setInterval(() => {
      if (!paused && !document.hidden) show(index + 1);
    }, interval);
  }
  mark();
});
