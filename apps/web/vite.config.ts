import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { routeModuleReloadGuard } from './build-tools/route-module-reload-guard.ts';
import { errorMessagesModule } from './build-tools/error-messages.ts';

export default defineConfig({
  plugins: [routeModuleReloadGuard(), errorMessagesModule(), tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  // `npm run dev` runs the API separately; the browser keeps one origin.
  server: { proxy: { '/v1': process.env.API_URL ?? 'http://127.0.0.1:3001' } },
});
