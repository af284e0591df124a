/** 证书变更 (business/CertModify): corrects the holder's data or reissues a lost certificate; version +1. */
import BusinessPage from '../components/BusinessPage';
import ModifyForm from './ModifyForm';

export default function CertModify() {
  return <BusinessPage type="modify" Form={ModifyForm} />;
}
