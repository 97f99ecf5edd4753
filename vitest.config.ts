import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit and data-layer tests live beside their code (src/**); tests/unit holds the tooling's own.
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/fakes/**/*.test.ts'],
    globalSetup: ['tests/db/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
