export const PRODUCT_NAME = 'Pizzon';

export const pageTitle = (pageName: string): string => `${pageName} - ${PRODUCT_NAME}`;
