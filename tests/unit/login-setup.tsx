/**
 * Shared jsdom setup of the login/public-site unit tests (imported by tests/unit/login-*.test.tsx).
 * antd needs matchMedia and ResizeObserver, which jsdom lacks.
 */
import i18n, { changeLanguage, loadAllTexts } from '@/i18n';

export function installDomShims(): void {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverShim {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverShim;
  }
}

export async function useLanguage(lng: 'zh-CN' | 'zh-TW' | 'en-US' | 'pt-BR'): Promise<void> {
  // Texts are loaded on demand (src/i18n.ts), as in the browser; the pages under test read any namespace.
  await loadAllTexts();
  await changeLanguage(lng);
}

export { i18n };
