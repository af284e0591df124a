/**
 * 证书注销 (business/CertificateRevocation): the enterprise's revocation applications with the
 * five-step wizard (选择证书 → 证书详情 → 注销原因 → 材料 → 确认提交), and its certificates, each with
 * its detail and a quick 申请注销.
 */
import { useTranslation } from 'react-i18next';
import BusinessPage from '../components/BusinessPage';
import ReasonForm from '../components/ReasonForm';
import { NS } from '../components/types';
import RevocableCertificates from './RevocableCertificates';

export default function CertificateRevocation() {
  const { t } = useTranslation(NS);
  return (
    <BusinessPage
      type="revocation"
      Form={ReasonForm}
      extraTab={{
        key: 'certs',
        label: t('revoke.tab'),
        render: (reload) => <RevocableCertificates onRevoked={reload} />,
      }}
    />
  );
}
