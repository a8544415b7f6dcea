import { ComingSoon } from '../../components/ComingSoon';
import { PageHeader } from '../../components/PageHeader';

export interface PlaceholderPageProps {
  /** The page title, e.g. My Tickets. */
  title: string;
  /** The side-panel title of the route, e.g. Ticket Details. */
  panelTitle?: string;
}

/** A main-layout page that is not built yet. Feature pages replace it route by route. */
export default function PlaceholderPage({ title, panelTitle }: PlaceholderPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <ComingSoon panelTitle={panelTitle} />
    </>
  );
}
