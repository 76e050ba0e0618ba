import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The SPA lives in src/web; the Node server serves the build from dist/web.
export default defineConfig({
  root: "src/web",
  plugins: [react()],
  resolve: {
    alias: {
      "#web": new URL("./src/web", import.meta.url).pathname,
      "#shared": new URL("./src/shared", import.meta.url).pathname,
    },
  },
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    assetsDir: "assets",
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { "/api": { target: "http://127.0.0.1:3000", changeOrigin: false } },
  },
});
