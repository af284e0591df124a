/** PositionList: the catalog page of kind 'position' (see PositionList/CatalogPage). */
import CatalogPage from './CatalogPage';

export default function PositionList() {
  return <CatalogPage kind="position" />;
}
