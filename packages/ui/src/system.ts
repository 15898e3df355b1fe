import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Breakpoints of spec §9; Chakra calls the spec's xxl "2xl". */
export const BREAKPOINTS = {
  sm: '600px',
  md: '960px',
  lg: '1280px',
  xl: '1920px',
  '2xl': '2560px',
} as const;

const palette = (shades: Record<string, string>) =>
  Object.fromEntries(Object.entries(shades).map(([shade, value]) => [shade, { value }]));

/** Maps a palette to the semantic names Chakra recipes read, so `colorPalette="brand"` works. */
const paletteRoles = (name: string) => ({
  solid: { value: `{colors.${name}.600}` },
  contrast: { value: 'white' },
  fg: { value: `{colors.${name}.700}` },
  muted: { value: `{colors.${name}.100}` },
  subtle: { value: `{colors.${name}.50}` },
  emphasized: { value: `{colors.${name}.200}` },
  focusRing: { value: `{colors.${name}.500}` },
});

const config = defineConfig({
  globalCss: {
    'html, body': {
      bg: 'shop.canvas',
      color: 'fg',
    },
    '::selection': { bg: 'brand.emphasized' },
  },
  theme: {
    breakpoints: BREAKPOINTS,
    tokens: {
      fonts: {
        heading: {
          value: "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
        },
        body: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif" },
      },
      colors: {
        /** Cobalt blue, the colour of the shop's namesake mug: primary actions and links. */
        brand: palette({
          50: '#eef4ff',
          100: '#dae6ff',
          200: '#bdd3ff',
          300: '#90b6fd',
          400: '#5c8ff9',
          500: '#376bf3',
          600: '#214ee6',
          700: '#1b3ecf',
          800: '#1c35a5',
          900: '#1d3282',
          950: '#16204e',
        }),
        /** Paprika red: prices, badges, the cart count and the main call to action. */
        accent: palette({
          50: '#fdf1ee',
          100: '#fbdbd3',
          200: '#f6b5a5',
          300: '#ef8c74',
          400: '#e6674c',
          500: '#d9492d',
          600: '#ba3a21',
          700: '#962d1a',
          800: '#772417',
          900: '#601f15',
          950: '#350d08',
        }),
      },
    },
    semanticTokens: {
      colors: {
        brand: paletteRoles('brand'),
        accent: paletteRoles('accent'),
        shop: {
          canvas: { value: '#f6f5f2' },
          surface: { value: 'white' },
          topbar: { value: '{colors.brand.900}' },
          topbarFg: { value: '{colors.brand.100}' },
          header: { value: 'white' },
          headerFg: { value: '{colors.gray.900}' },
          menu: { value: '{colors.brand.700}' },
          menuFg: { value: 'white' },
          footer: { value: '#111a3a' },
          footerFg: { value: '#d5dcf0' },
          footerMuted: { value: '#8d9ac0' },
          price: { value: '{colors.accent.600}' },
          admin: { value: '#f3f4f7' },
          sidebar: { value: '#111a3a' },
          sidebarFg: { value: '#c6cee6' },
        },
      },
      radii: {
        l1: { value: '0.25rem' },
        l2: { value: '0.5rem' },
        l3: { value: '0.75rem' },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
