import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { sizeBudget } from './size-budget.ts';

const api = process.env.SALIENT_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [svelte(), sizeBudget()],
  server: {
    proxy: {
      '/api': api,
      '/healthz': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The build prints each chunk's gzipped size; the JavaScript must stay under 200 KB gzipped.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 800,
  },
});
