import { readdirSync } from 'node:fs';
import { defineConfig } from 'vite';

// Every page at the root is an entry; relative URLs, so the pages server can serve it from a sub-path.
export default defineConfig({
  base: './',
  logLevel: 'warn',
  build: {
    outDir: process.env.PACKAGE_APP_OUT,
    emptyOutDir: true,
    rollupOptions: { input: readdirSync('.').filter((name) => name.endsWith('.html')) },
  },
});
