import { defineConfig } from '@pandacss/dev'
import { createPreset } from '@park-ui/panda-preset'
import green from '@park-ui/panda-preset/colors/green'
import iris from '@park-ui/panda-preset/colors/iris'
import red from '@park-ui/panda-preset/colors/red'
import slate from '@park-ui/panda-preset/colors/slate'

const focusRing = { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' }

export default defineConfig({
  preflight: true,
  presets: [createPreset({ accentColor: iris, grayColor: slate, radius: 'md' })],
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  conditions: {
    extend: {
      // a touch screen with no mouse or trackpad: hints about keys and hovering mean nothing there
      touchOnly: '@media (hover: none) and (pointer: coarse)',
    },
  },
  outdir: 'styled-system',
  // Park UI's `dark` condition is `.dark &`: src/color-scheme.ts sets the class before first paint.
  theme: {
    // spec §9: the screen breakpoints 600, 1024, 1440 and 1920 (phone, tablet, laptop, desktop)
    extend: {
      breakpoints: { sm: '600px', md: '1024px', lg: '1440px', xl: '1920px', '2xl': '2560px' },
      tokens: {
        colors: { green: green.tokens },
      },
      // a tick's flash on a price (src/views/prices/PriceWithChange.tsx): a tint of the text's colour that fades
      keyframes: {
        priceFlash: {
          from: { backgroundColor: 'color-mix(in srgb, currentColor 22%, transparent)' },
          to: { backgroundColor: 'transparent' },
        },
      },
      // keyboard focus the preset leaves unmarked: link buttons (player names) and the radio buttons
      // of the bet dialog's side (the focused hidden input marks its item data-focus-visible)
      recipes: {
        button: { variants: { variant: { link: { _focusVisible: focusRing } } } },
      },
      slotRecipes: {
        radioButtonGroup: { base: { item: { _focusVisible: focusRing } } },
        // the preset's menu items set their icon flush against the label
        menu: { base: { item: { gap: '2' } } },
      },
      semanticTokens: {
        colors: {
          // preset 0.43 recipes refer to `accent.*` (selected states, ::selection) without defining it
          // dark hover: step 10 under white text is 4.4:1, step 8 passes AA
          accent: {
            ...iris.semanticTokens,
            emphasized: { value: { _light: '{colors.iris.light.10}', _dark: '{colors.iris.dark.8}' } },
          },
          // price moves: usable as tokens (`color: 'up.text'`) or as a palette (`colorPalette: 'down'`)
          // Radix step 9 under white text is 3.2:1 (green) and 3.9:1 (red): below WCAG AA, so the solid
          // fills take step 11 in light mode (4.7:1 and 5.2:1), step 8 in dark mode (5.1:1 and 5.4:1),
          // and green text the darkest step.
          up: {
            ...green.semanticTokens,
            default: { value: { _light: '{colors.green.light.11}', _dark: '{colors.green.dark.8}' } },
            emphasized: { value: { _light: '{colors.green.light.12}', _dark: '{colors.green.dark.7}' } },
            text: { value: { _light: '{colors.green.light.12}', _dark: '{colors.green.dark.a11}' } },
          },
          // the preset's error red is step 9: 3.9:1 on white, below WCAG AA for the small error texts
          fg: {
            error: { value: { _light: '{colors.red.light.11}', _dark: '{colors.red.dark.11}' } },
          },
          down: {
            ...red.semanticTokens,
            default: { value: { _light: '{colors.red.light.11}', _dark: '{colors.red.dark.8}' } },
            emphasized: { value: { _light: '{colors.red.light.12}', _dark: '{colors.red.dark.7}' } },
          },
        },
      },
    },
  },
})
