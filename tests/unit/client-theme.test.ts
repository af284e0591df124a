import { describe, expect, it } from 'vitest';
import { AA, PAGE_BACKGROUND, accessibleShade, accessibleTheme, contrastRatio } from '../../src/app/theme';

describe('the readable theme', () => {
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
    for (const key of ['colorPrimary', 'colorInfo', 'colorLink', 'colorSuccess', 'colorWarning', 'colorError'] as const) {
      expect(contrastRatio(String(token?.[key]), '#ffffff'), key).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(String(token?.[key]), PAGE_BACKGROUND), key).toBeGreaterThanOrEqual(AA);
    }
  });
});
