/** FileTagList: the catalog page of kind 'fileTag' (see PositionList/CatalogPage). */
import CatalogPage from '../PositionList/CatalogPage';

export default function FileTagList() {
  return <CatalogPage kind="fileTag" />;
}
