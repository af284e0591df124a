/** DataOrderList: the catalog page of kind 'dataOrder' (see PositionList/CatalogPage). */
import CatalogPage from '../PositionList/CatalogPage';

export default function DataOrderList() {
  return <CatalogPage kind="dataOrder" />;
}
