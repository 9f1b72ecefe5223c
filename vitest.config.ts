import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { messagesPlugin } from './scripts/vite-messages.ts';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
const plugins = [messagesPlugin()];
const define = { __BUILD_ID__: JSON.stringify('test') };

export default defineConfig({
  define,
  resolve: { alias },
  plugins,
  test: {
    projects: [
      { define, resolve: { alias }, plugins, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', setupFiles: ['tests/setup/indexeddb.ts'] } },
      {
        define,
        resolve: { alias },
        plugins,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/indexeddb.ts', 'tests/setup/dom.ts'],
        },
      },
      {
        define,
        resolve: { alias },
        plugins,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          setupFiles: ['tests/setup/indexeddb.ts'],
        },
      },
      { define, resolve: { alias }, plugins, test: { name: 'property', include: ['tests/property/**/*.test.ts'], environment: 'node', testTimeout: 300_000, setupFiles: ['tests/setup/indexeddb.ts'] } },
    ],
  },
});
