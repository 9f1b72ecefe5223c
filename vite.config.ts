import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { messagesPlugin } from './scripts/vite-messages.ts';

/** The first screen's route module as the router plugin splits it (src/routes/today.tsx's component). */
const FIRST_ROUTE = /[\\/]src[\\/]routes[\\/]today\.tsx\?tsr-split=component/;

/**
 * The app proper in the phases src/app/start.tsx evaluates one task at a time, in that order: the
 * start itself (src/main.tsx imports it once boot.js's picture is painted), the data layer, the
 * route tree (the route files and the router's packages), the router, React and the app's tree. Each phase's chunk holds what its module imports statically and
 * no earlier phase holds; React's own packages are a chunk of their own, so that no one file is
 * a long compile.
 */
const PHASES = [
  { chunk: 'app', start: /[\\/]src[\\/]app[\\/]start\.tsx$/ },
  { chunk: 'data', start: /[\\/]src[\\/]app[\\/]start-database\.ts$/ },
  // (the router's history too)
  { chunk: 'routes', start: /[\\/]src[\\/](routeTree\.gen\.ts|app[\\/]history\.ts)$/ },
  { chunk: 'router', start: /[\\/]src[\\/]app[\\/]router\.ts$/ },
  { chunk: 'ui', start: /[\\/]src[\\/]app[\\/]start-ui\.tsx$/ },
] as const;
const REACT_CHUNK = 'react';
const REACT_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const FIRST_ROUTE_CHUNK = 'today';
/** The chunks the idle preloads import (src/app/preload.tsx, the quick-add parser's loader). */
const IDLE_IMPORTS = /(^|\/)(entities|core|understood|repeat-words)-[\w-]+\.js$/;

/**
 * The first screen's modules: each phase's and the first route's split component, each with
 * everything it imports statically, read from the module graph once it is built (buildEnd runs
 * before chunking). index.html then asks for their chunks beside the entry (modulepreload), rather
 * than once the entry has run and the router has matched the address.
 */
function firstScreenModules(): {
  plugin: Plugin;
  phase: (i: number) => (id: string) => boolean;
  route: (id: string) => boolean;
  loaded: (file: string) => boolean;
} {
  const sets = [...PHASES.map(() => new Set<string>()), new Set<string>()];
  /** The first screen's chunks (the entry, the phases', React's, the route's and what they import statically), by file name. */
  const files = new Set<string>();
  const starts = [...PHASES.map((p) => p.start), FIRST_ROUTE];
  const plugin: Plugin = {
    name: 'daybook-first-screen',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      starts.forEach((start, i) => {
        const found = sets[i]!;
        const stack = ids.filter((id) => start.test(id));
        while (stack.length) {
          const id = stack.pop() as string;
          if (found.has(id)) continue;
          found.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      });
    },
    generateBundle: {
      // before Vite's import analysis asks resolveDependencies (below) for each lazy import's files
      order: 'pre',
      handler(_options, bundle) {
        const names: string[] = [...PHASES.map((p) => p.chunk), REACT_CHUNK, FIRST_ROUTE_CHUNK];
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const stack = chunks.filter((c) => c.isEntry || names.includes(c.name)).map((c) => c.fileName);
        files.clear();
        while (stack.length) {
          const file = stack.pop() as string;
          if (files.has(file)) continue;
          files.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') stack.push(...chunk.imports);
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const link = (attrs: Record<string, string | boolean>) => ({ tag: 'link', attrs, injectTo: 'head' as const });
        const names = [...PHASES.map((p) => p.chunk), REACT_CHUNK, FIRST_ROUTE_CHUNK];
        return names.flatMap((name) => {
          const chunk = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.name === name && !c.isEntry);
          if (chunk?.type !== 'chunk') return [];
          // The app's own CSS (the shell's layout: index.html's static frame uses it) applies
          // from the first paint, as the entry's does, in the phases' order; the route's is preloaded.
          const rel: Record<string, string> = name === FIRST_ROUTE_CHUNK ? { rel: 'preload', as: 'style' } : { rel: 'stylesheet' };
          return [
            link({ rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }),
            ...[...(chunk.viteMetadata?.importedCss ?? [])].map((css) => link({ ...rel, crossorigin: true, href: `/${css}` })),
          ];
        });
      },
    },
  };
  return { plugin, phase: (i) => (id) => sets[i]!.has(id), route: (id) => sets[PHASES.length]!.has(id),
    loaded: (file) => files.has(file),
  };
}
const firstScreen = firstScreenModules();

// The build id lets the app and the e2e update test tell two builds apart.
const buildId = process.env.DAYBOOK_BUILD_ID ?? new Date().toISOString();

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The router's store asks for the shim that makes useSyncExternalStore for React before 18;
      // React 19 has its own, which the shim would only hand on.
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  plugins: [
    // The router plugin must come before react().
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    messagesPlugin(),
    firstScreen.plugin,
    // src/sw/sw.ts is built to /sw.js (vite-plugin-pwa builds sw.mjs, then renames it) and
    // registered from src/app/pwa.tsx; public/manifest.webmanifest is linked from index.html.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      scope: '/',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // A classic script, not an ES module: the worker imports src/data (reminder actions, the
        // push handler), whose lazy chunks (import()) bring Vite's preload helper, and its
        // `import.meta` is a syntax error in a worker registered without type: 'module' — the
        // whole worker (precache, offline) failed to start. IIFE inlines the lazy chunks.
        rollupFormat: 'iife',
        // The whole shell (every route's chunk, icons, manifest) so any screen opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: {
      // Chunks the app imports when the browser is idle after the first screen (the write path, the
      // quick-add parser, the repeat words): Vite's preload helper would append a
      // <link rel=modulepreload> per chunk they import, each a few milliseconds of the page's
      // thread, all in the idle callback's one task. The import itself fetches the same chunks;
      // their stylesheets are still linked (Vite keeps CSS out of this list).
      // Nor the first screen's chunks, which index.html preloads and are there before any lazy
      // import: listed in every lazy import's table of files, they were kilobytes of each chunk.
      // Nor, for what the first screen's own chunks import lazily, any JS: the route tree's table
      // named every file of every screen (~90 hashed names), the others' their dialogs', sheets' and
      // the sync engine's. Such a chunk asks for what it imports once it arrives (one more round
      // trip on a first visit, before the service worker holds the shell; the router's preload on
      // intent fetches a screen's ahead of a click); stylesheets are still listed and awaited.
      resolveDependencies: (file, deps, { hostId }) =>
        IDLE_IMPORTS.test(file) || firstScreen.loaded(hostId) ? [] : deps.filter((dep) => !firstScreen.loaded(dep)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is fetched with it anyway: one file.
            { name: 'index', tags: ['$initial'], priority: 30 },
            // The app proper, one chunk per phase of its start (see PHASES), fetched beside the
            // entry; a module two phases import goes with the earlier one. React's packages come
            // after the data layer (which has none) and before the phases that import them.
            ...PHASES.map((p, i) => ({ name: p.chunk, test: firstScreen.phase(i), priority: 20 - 2 * i })),
            { name: REACT_CHUNK, test: REACT_PACKAGES, priority: 17 },
            // The first screen's route in one chunk, not ~13 small shared ones.
            { name: FIRST_ROUTE_CHUNK, test: (id) => firstScreen.route(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
