/** 企业更名 (business/EnterpriseRename): renames the enterprise and gives every valid certificate of it a new version. */
import BusinessPage from '../components/BusinessPage';
import RenameForm from './RenameForm';

export default function EnterpriseRename() {
  return <BusinessPage type="rename" Form={RenameForm} />;
}
