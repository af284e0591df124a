/** GatewayList: the catalog page of kind 'gateway' (see PositionList/CatalogPage). */
import CatalogPage from '../PositionList/CatalogPage';

export default function GatewayList() {
  return <CatalogPage kind="gateway" />;
}
