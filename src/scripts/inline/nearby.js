(() => {
  const button = document.querySelector('[data-locate]');
  const params = new URLSearchParams(location.search);
  const go = (extra) => {
    location.search = new URLSearchParams(extra).toString();
  };
  const locate = () => {
    if (!('geolocation' in navigator)) return go({ location: 'unsupported' });
    navigator.geolocation.getCurrentPosition(
      (p) => go({ lat: p.coords.latitude.toFixed(6), lng: p.coords.longitude.toFixed(6) }),
      () => go({ location: 'denied' }),
      { enableHighAccuracy: false, timeout: 15000, maximumAge: 300000 },
    );
  };
  button.hidden = false;
  button.addEventListener('click', locate);
  if (!params.has('lat') && !params.has('place') && !params.has('location')) locate();
})();
