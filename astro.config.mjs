// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // Page CSS is small; inlining it saves a render-blocking request on slow links.
  build: { inlineStylesheets: 'always' },
  security: { checkOrigin: true },
  // astro:assets is not used: its /_image endpoint is replaced by one that answers 404.
  image: { endpoint: { route: '/_image', entrypoint: './src/lib/server/no-image-endpoint.ts' } },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg'] },
  },
});
