/** ViolateTypeList: the catalog page of kind 'violateType' (see PositionList/CatalogPage). */
import CatalogPage from '../PositionList/CatalogPage';

export default function ViolateTypeList() {
  return <CatalogPage kind="violateType" />;
}
