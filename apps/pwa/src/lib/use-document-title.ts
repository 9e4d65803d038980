import { useEffect } from 'react';
import { useProductName } from './app-config';

/** Sets the tab title to "Page | Product" while the page is shown. */
export function useDocumentTitle(title: string | null): void {
  const productName = useProductName();
  useEffect(() => {
    document.title = title ? `${title} | ${productName}` : productName;
  }, [title, productName]);
}
