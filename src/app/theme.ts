/**
 * The antd theme of the chosen settings, readable by everyone: the primary colour the user picks
 * (SPEC 9: #1890FF by default) is kept as the setting, and what the page draws text with or on is
 * the nearest darker shade that reaches WCAG AA contrast (4.5:1) against white. antd's own
 * defaults (links #1677ff, secondary text at 45 % black, status colours) fall short of it.
 */
import type { ThemeConfig } from 'antd';

/** WCAG AA for normal text. */
export const AA = 4.5;

function channels(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: [number, number, number]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.x). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1 … 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour itself when it already reaches `min` against `background`, else the first darker shade (towards black) that does. */
export function accessibleShade(color: string, background = '#ffffff', min = AA): string {
  if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color)) return color;
  const base = channels(color);
  for (let step = 0; step <= 100; step += 1) {
    const shade = toHex(base.map((c) => c * (1 - step / 100)) as [number, number, number]);
    if (contrastRatio(shade, background) >= min) return shade;
  }
  return '#000000';
}

/** The page's grey background (ProLayout content): text drawn on it needs the most contrast. */
export const PAGE_BACKGROUND = '#f0f2f5';

/**
 * What a pointer on a control draws with: antd derives a lighter tone for hover (#1890FF's is
 * 3.6:1 on white, for a default button's text and under a primary button's white text alike), so
 * hover here is a darker shade instead, visibly different from the resting colour, and pressed a
 * darker one still.
 */
export const HOVER_CONTRAST = 5.5;
export const ACTIVE_CONTRAST = 7;

/** The links' colour outside antd's tokens (src/app/global.css `a`): table rows draw it too. */
export const GLOBAL_LINK_COLOR = '#0958d9';

/**
 * A light tint of `color` (mixed towards white, from `share` white up) on which every one of `texts`
 * reaches AA: a selected table row's background, under the links and text the row shows.
 */
export function readableTint(color: string, texts: readonly string[], share: number): string {
  if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color)) return '#ffffff';
  const base = channels(color);
  for (let w = share; w <= 1; w += 0.01) {
    const tint = toHex(base.map((c) => c * (1 - w) + 255 * w) as [number, number, number]);
    if (texts.every((text) => contrastRatio(text, tint) >= AA)) return tint;
  }
  return '#ffffff';
}

type Status = 'Primary' | 'Success' | 'Warning' | 'Error' | 'Info';

/** One status colour at rest, under the pointer and pressed, as text and as a fill, each readable on white and on the page grey. */
function statusTones(status: Status, base: string): Record<string, string> {
  // A colour dark enough already still changes under the pointer: a fifth more contrast at least.
  const rest = contrastRatio(base, PAGE_BACKGROUND);
  const hover = accessibleShade(base, PAGE_BACKGROUND, Math.max(HOVER_CONTRAST, rest * 1.2));
  const active = accessibleShade(base, PAGE_BACKGROUND, Math.max(ACTIVE_CONTRAST, rest * 1.45));
  return {
    [`color${status}`]: base,
    [`color${status}Hover`]: hover,
    [`color${status}Active`]: active,
    [`color${status}Text`]: base,
    [`color${status}TextHover`]: hover,
    [`color${status}TextActive`]: active,
  };
}

/** antd theme for a primary colour: every text-bearing colour at AA contrast on white and on the page grey, at rest, under the pointer and pressed. */
export function accessibleTheme(primaryColor: string): ThemeConfig {
  const primary = accessibleShade(primaryColor, PAGE_BACKGROUND);
  const bases: [Status, string][] = [
    ['Primary', primary],
    ['Info', primary],
    ['Success', accessibleShade('#52c41a', PAGE_BACKGROUND)],
    ['Warning', accessibleShade('#faad14', PAGE_BACKGROUND)],
    ['Error', accessibleShade('#ff4d4f', PAGE_BACKGROUND)],
  ];
  const tones = Object.assign({}, ...bases.map(([status, base]) => statusTones(status, base))) as Record<
    string,
    string
  >;
  return {
    token: {
      ...tones,
      colorLink: primary,
      colorLinkHover: tones.colorPrimaryHover,
      colorLinkActive: tones.colorPrimaryActive,
      // The darker status colours would otherwise tint their light backgrounds grey: keep antd's.
      colorSuccessBg: '#f6ffed',
      colorSuccessBorder: '#b7eb8f',
      colorWarningBg: '#fffbe6',
      colorWarningBorder: '#ffe58f',
      colorErrorBg: '#fff2f0',
      colorErrorBorder: '#ffccc7',
      colorInfoBg: '#e6f4ff',
      colorInfoBorder: '#91caff',
      // Secondary text and descriptions: antd's 45 % black is 3.4:1 on white.
      colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    },
    components: {
      // A selected row (queues decide selected rows together) and one under the pointer: antd's
      // derived blue (#b5e0f7) leaves the row's links at 4.4:1.
      Table: {
        rowSelectedBg: readableTint(primary, [primary, GLOBAL_LINK_COLOR], 0.95),
        rowSelectedHoverBg: readableTint(primary, [primary, GLOBAL_LINK_COLOR], 0.82),
      },
    },
  };
}
