/**
 * Texts of the shop: the landing page's product list, the cart's add, and the admin's Products
 * tab. `shopSpec` holds the spec's exact words; the rest is ours.
 */

/** Spec: exact text (sections 2 and 8), byte for byte. Never reword these. */
export const shopSpec = {
  loadFailed: 'Unable to load products at this time.',
  checkConnection: 'Please check your internet connection and try again.',
  noProducts: 'No Products Found',
} as const;

export const shopMessages = {
  ...shopSpec,
  productNotFound: 'Product not found',
  /** The toast after a product went into the cart. */
  addedToCart: (name: string) => `${name} added to cart`,
  // The admin's product form and images.
  skuTaken: 'A product with this SKU already exists',
  salePriceNotBelowPrice: 'The sale price must be below the price',
  imageMultipartRequired: 'Send the image as multipart/form-data',
  imageRequired: 'Choose an image to upload',
  oneImageOnly: 'Send one image at a time',
  /** The event form's words (spec 5). */
  imageTooLarge: 'File size must be less than 5MB',
  imageType: 'Please upload a JPEG, PNG or WebP image',
  imageNotFound: 'Image not found',
  listFailed: 'Failed to load products',
  productLoadFailed: 'This product could not be loaded.',
  created: (name: string) => `${name} created`,
  createFailed: 'Failed to create product',
  updated: (name: string) => `${name} updated`,
  updateFailed: 'Failed to update product',
  activated: (name: string) => `${name} activated`,
  activateFailed: 'Failed to activate product',
  deactivated: (name: string) => `${name} deactivated`,
  deactivateFailed: 'Failed to deactivate product',
  imageUploaded: 'Image uploaded',
  imageUploadFailed: 'Failed to upload image',
  imageRemoved: 'Image removed',
  imageRemoveFailed: 'Failed to remove image',
  stockHistoryFailed: 'The stock history could not be loaded.',
} as const;
