// Errors clear per field as soon as the visitor edits it (the form works without this).
document.getElementById('contact-form').addEventListener('input', (event) => {
  const field = event.target;
  if (field.getAttribute('aria-invalid') !== 'true') return;
  field.removeAttribute('aria-invalid');
  const error = document.getElementById(field.name + '-error');
  if (error) error.hidden = true;
  const rest = (field.getAttribute('aria-describedby') || '').split(' ').filter((id) => id && id !== field.name + '-error');
  if (rest.length) field.setAttribute('aria-describedby', rest.join(' '));
  else field.removeAttribute('aria-describedby');
});
