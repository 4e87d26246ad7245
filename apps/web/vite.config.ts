import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { chunkLabel, sizeBudget } from './size-budget.ts';

const api = process.env.SALIENT_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [svelte(), sizeBudget(), precompress()],
  server: {
    // Objects, not bare URLs: Vite's shorthand rewrites Host to the target's, and the server takes
    // Host as the origin it was addressed to, so the page's writes would look cross-origin (403).
    proxy: {
      '/api': { target: api },
      '/healthz': { target: api },
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The build prints each chunk's gzipped size; a page's JavaScript must stay under 200 KB gzipped.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Each game's rules are a file of their own (@salient/games/lazy), named after the game.
      output: { chunkFileNames: (chunk) => `assets/${chunkLabel(chunk)}-[hash].js` },
    },
  },
});
