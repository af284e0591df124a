/** 新办证书 (business/NewCertificate): the enterprise applies for a certificate for an exam passer it employs. */
import BusinessPage from '../components/BusinessPage';
import NewCertForm from './NewCertForm';
import NewCertSubject from './NewCertSubject';

export default function NewCertificate() {
  return <BusinessPage type="newCert" Form={NewCertForm} SubjectExtra={NewCertSubject} />;
}
