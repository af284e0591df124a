import { useEffect } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LIST_FAILURE_EVENT, REFUSAL_EVENT, type RefusalState } from '@/app/refusal';

/**
 * A list the server refused opens the 403 page with the reason; a failed list says it failed.
 * Rendered inside antd's App of the signed-in layout, whose message hook it needs.
 */
export default function ListEvents() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { message } = App.useApp();
  useEffect(() => {
    const refused = (e: Event) =>
      navigate('/403', { state: { reason: (e as CustomEvent<string>).detail } satisfies RefusalState });
    const failed = (e: Event) => void message.error((e as CustomEvent<string>).detail || t('listFailed'));
    window.addEventListener(REFUSAL_EVENT, refused);
    window.addEventListener(LIST_FAILURE_EVENT, failed);
    return () => {
      window.removeEventListener(REFUSAL_EVENT, refused);
      window.removeEventListener(LIST_FAILURE_EVENT, failed);
    };
  }, [navigate, message, t]);
  return null;
}
