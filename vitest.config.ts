import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
const define = { __BUILD_ID__: JSON.stringify('test') };

export default defineConfig({
  define,
  resolve: { alias },
  test: {
    projects: [
      { define, resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', setupFiles: ['tests/setup/indexeddb.ts'] } },
      {
        define,
        resolve: { alias },
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
      { define, resolve: { alias }, test: { name: 'property', include: ['tests/property/**/*.test.ts'], environment: 'node', testTimeout: 300_000, setupFiles: ['tests/setup/indexeddb.ts'] } },
    ],
  },
});
