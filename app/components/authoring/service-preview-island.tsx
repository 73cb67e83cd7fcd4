import { island } from "~/components/island/island";

/** The service edit page's preview (service-preview.tsx: gallery and description) as an island (decision 041). */
export const ServicePreviewIsland = island(() => import("./service-preview").then((module) => module.ServicePreview));
