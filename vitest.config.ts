import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Both cores, and one module graph per worker: every file imports the whole app (some 200
    // operations), and re-importing it per file cost more than the tests themselves. Test files
    // keep no module-level state between them (each builds its own app on its own database).
    maxWorkers: 2,
    isolate: false,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
