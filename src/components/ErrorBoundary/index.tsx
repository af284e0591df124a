import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import i18n from '@/i18n';
import StatusNotice from '@/components/StatusNotice';

/** SPEC 8: chunk load failure, style chunk load failure, missing lazy module. */
export type LoadErrorKind = 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED' | 'MODULE_NOT_FOUND' | 'unknown';

export function classifyLoadError(error: unknown): LoadErrorKind {
  const e = error as { name?: string; code?: string; message?: string } | null;
  const text = `${e?.name ?? ''} ${e?.code ?? ''} ${e?.message ?? ''}`;
  if (/CSS_CHUNK_LOAD_FAILED|Unable to preload CSS/i.test(text)) return 'CSS_CHUNK_LOAD_FAILED';
  if (
    /ChunkLoadError|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      text,
    )
  )
    return 'ChunkLoadError';
  if (/MODULE_NOT_FOUND|Cannot find module/i.test(text)) return 'MODULE_NOT_FOUND';
  return 'unknown';
}

interface State {
  error: unknown;
}

/** Catches render and lazy-load errors of the page below it. */
export default class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const kind = classifyLoadError(error);
    const t = i18n.getFixedT(null, 'common');
    return (
      <StatusNotice
        status="error"
        title={kind === 'unknown' ? t('loadError.unknown') : kind}
        subTitle={t(`loadError.${kind}`)}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('loading.reload')}
          </Button>
        }
      />
    );
  }
}
