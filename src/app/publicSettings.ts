/** Public settings (GET /public/settings), fetched once and cached; also feeds the /skapi host. */
import { useEffect, useState } from 'react';
import { publicSettings } from '@/services/generated/api';
import type { PublicSettings200 } from '@/services/generated/api.schemas';
import { setSkapiHost } from '@/services/request';

export type PublicSettings = PublicSettings200['data'];

export const FALLBACK_PUBLIC_SETTINGS: PublicSettings = {
  production: true,
  oldPlatformUrl: '',
  oldExamUrl: '',
  ssoEndSessionUrl: null,
  skapiHost: null,
  smsResendSeconds: 60,
};

let cached: PublicSettings | null = null;
let pending: Promise<PublicSettings> | null = null;

export function loadPublicSettings(): Promise<PublicSettings> {
  if (cached) return Promise.resolve(cached);
  pending ??= publicSettings({ isLogin: true })
    .then((res) => {
      cached = { ...FALLBACK_PUBLIC_SETTINGS, ...(res?.data ?? {}) };
      setSkapiHost(cached.skapiHost);
      return cached;
    })
    .catch(() => {
      pending = null;
      return FALLBACK_PUBLIC_SETTINGS;
    });
  return pending;
}

export function usePublicSettings(): PublicSettings | null {
  const [value, setValue] = useState<PublicSettings | null>(cached);
  useEffect(() => {
    let alive = true;
    if (!cached) void loadPublicSettings().then((s) => alive && setValue(s));
    return () => {
      alive = false;
    };
  }, []);
  return value;
}
