// /nearby-shops: "Share my location" asks for the position only when tapped, then reloads the page
// sorted by it (?lat=&lng=). Refused or unavailable, the deals already shown stay and a calm line
// says why (the lines are the page's, in its language: data-nearby-line).
(() => {
  const button = document.querySelector('[data-locate]');
  if (!button) return;
  const show = (name) => {
    for (const line of document.querySelectorAll('[data-nearby-line]')) line.hidden = line.dataset.nearbyLine !== name;
  };
  const failed = (name) => {
    button.disabled = false;
    show(name);
  };
  button.hidden = false;
  button.addEventListener('click', () => {
    if (!('geolocation' in navigator)) return failed('unavailable');
    button.disabled = true;
    show('locating');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        location.search = new URLSearchParams({ lat: p.coords.latitude.toFixed(6), lng: p.coords.longitude.toFixed(6) }).toString();
      },
      (error) => failed(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: 15000, maximumAge: 300000 },
    );
  });
})();
