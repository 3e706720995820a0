import { defineConfig } from '@pandacss/dev'
import { createPreset } from '@park-ui/panda-preset'
import green from '@park-ui/panda-preset/colors/green'
import iris from '@park-ui/panda-preset/colors/iris'
import red from '@park-ui/panda-preset/colors/red'
import slate from '@park-ui/panda-preset/colors/slate'

export default defineConfig({
  preflight: true,
  presets: [createPreset({ accentColor: iris, grayColor: slate, radius: 'md' })],
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  // Park UI's `dark` condition is `.dark &`: src/color-scheme.ts sets the class before first paint.
  theme: {
    extend: {
      tokens: {
        colors: { green: green.tokens },
      },
      semanticTokens: {
        colors: {
          // preset 0.43 recipes refer to `accent.*` (selected states, ::selection) without defining it
          accent: iris.semanticTokens,
          // price moves: usable as tokens (`color: 'up.text'`) or as a palette (`colorPalette: 'down'`)
          up: green.semanticTokens,
          down: red.semanticTokens,
        },
      },
    },
  },
})
