import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export type ExceptionType = '403' | '404' | '500';

export interface ExceptionResultProps {
  type: ExceptionType;
  /** shown under the title (e.g. the page that is not built yet) */
  extra?: ReactNode;
}

/** antd Result with the SPEC 2 text and a 返回首页 button going to /dashboard. */
export default function ExceptionResult({ type, extra }: ExceptionResultProps) {
  const { t } = useTranslation('exception');
  const navigate = useNavigate();
  return (
    <Result
      status={type}
      title={type}
      subTitle={
        <>
          <div data-testid="exception-text">{t(type)}</div>
          {extra}
        </>
      }
      extra={
        <Button type="primary" data-testid="back-home" onClick={() => navigate('/dashboard')}>
          {t('backHome')}
        </Button>
      }
    />
  );
}
