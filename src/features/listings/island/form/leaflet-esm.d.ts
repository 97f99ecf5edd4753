/** Leaflet's own ES module build (its package's `main` is a UMD bundle): the types of @types/leaflet. */
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}
