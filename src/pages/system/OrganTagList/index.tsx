/** OrganTagList: the catalog page of kind 'organTag' (see PositionList/CatalogPage). */
import CatalogPage from '../PositionList/CatalogPage';

export default function OrganTagList() {
  return <CatalogPage kind="organTag" />;
}
