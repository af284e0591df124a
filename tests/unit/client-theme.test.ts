import { describe, expect, it } from 'vitest';
import {
  AA,
  GLOBAL_LINK_COLOR,
  PAGE_BACKGROUND,
  accessibleShade,
  accessibleTheme,
  contrastRatio,
} from '../../src/app/theme';

describe('the readable theme', () => {
  it("keeps a selected table row's links readable, at rest and under the pointer, for any primary colour", () => {
    for (const primary of [
      '#1890FF',
      '#F5222D',
      '#FA541C',
      '#FAAD14',
      '#13C2C2',
      '#52C41A',
      '#2F54EB',
      '#722ED1',
      '#000000',
    ]) {
      const theme = accessibleTheme(primary);
      const table = theme.components?.Table as { rowSelectedBg: string; rowSelectedHoverBg: string };
      for (const background of [table.rowSelectedBg, table.rowSelectedHoverBg]) {
        for (const link of [theme.token!.colorLink!, GLOBAL_LINK_COLOR])
          expect(contrastRatio(link, background), `${primary}: ${link} on ${background}`).toBeGreaterThanOrEqual(AA);
      }
      // Still a tint that marks the row, not white.
      expect(table.rowSelectedHoverBg.toLowerCase()).not.toBe('#ffffff');
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1890ff', '#ffffff')).toBeCloseTo(3.24, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('keeps a colour that is readable already, and darkens one that is not just enough', () => {
    expect(accessibleShade('#0050b3')).toBe('#0050b3');
    const shade = accessibleShade('#1890ff');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(AA);
    // One step lighter would fall short: the shade is the nearest readable one, not black.
    expect(contrastRatio(shade, '#ffffff')).toBeLessThan(5);
  });

  it('draws every text colour of the default primary (#1890FF) at AA contrast on white and on the page grey', () => {
    const { token } = accessibleTheme('#1890FF');
    for (const key of [
      'colorPrimary',
      'colorInfo',
      'colorLink',
      'colorSuccess',
      'colorWarning',
      'colorError',
    ] as const) {
      expect(contrastRatio(String(token?.[key]), '#ffffff'), key).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(String(token?.[key]), PAGE_BACKGROUND), key).toBeGreaterThanOrEqual(AA);
    }
  });

  it('keeps text readable under the pointer and when pressed: hover is a darker tone than rest, not the lighter one antd derives', () => {
    for (const seed of ['#1890FF', '#13C2C2', '#F5222D', '#722ED1']) {
      const { token } = accessibleTheme(seed);
      for (const status of ['Primary', 'Success', 'Warning', 'Error', 'Info']) {
        for (const state of ['Hover', 'Active', 'TextHover', 'TextActive', 'Text']) {
          const key = `color${status}${state}` as keyof NonNullable<typeof token>;
          // Text in that colour on white or grey, and white text on a button of that colour.
          expect(contrastRatio(String(token?.[key]), PAGE_BACKGROUND), `${seed} ${key}`).toBeGreaterThanOrEqual(AA);
          expect(contrastRatio(String(token?.[key]), '#ffffff'), `${seed} ${key}`).toBeGreaterThanOrEqual(AA);
        }
        const rest = String(token?.[`color${status}` as keyof NonNullable<typeof token>]);
        expect(
          token?.[`color${status}Hover` as keyof NonNullable<typeof token>],
          `${seed} ${status} hover shows`,
        ).not.toBe(rest);
      }
      expect(contrastRatio(String(token?.colorLinkHover), '#ffffff')).toBeGreaterThanOrEqual(AA);
    }
  });
});
