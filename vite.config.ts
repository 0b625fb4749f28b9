import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { schemaReload } from './scripts/vite-schema-reload';

// The API server listens on PORT (default 3000); `npm run dev` proxies the two base paths of §7.1 to it.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), schemaReload(__dirname)],
  server: {
    port: Number(process.env.DEV_PORT ?? 5173),
    proxy: {
      '/prod-api': apiTarget,
      '/prod-apicore': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
});
