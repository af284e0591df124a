import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/** Shown after a registration request: the request waits for review. */
export default function RegisterResult() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const account = (location.state as { account?: string } | null)?.account || searchParams.get('account') || '';
  return (
    <div
      data-testid="register-result"
      style={{ maxWidth: 560, margin: '0 auto', background: '#fff', borderRadius: 8, padding: '8px 16px' }}
    >
      <Result
        status="success"
        title={t('regResult.title')}
        subTitle={account ? t('regResult.desc', { account }) : t('regResult.descNoAccount')}
        extra={[
          <Button type="primary" key="login" onClick={() => navigate('/user/login')}>
            {t('regResult.backToLogin')}
          </Button>,
          <Button key="home" onClick={() => navigate('/web')}>
            {t('regResult.backHome')}
          </Button>,
        ]}
      />
    </div>
  );
}
