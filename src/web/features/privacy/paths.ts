/** The account page where a person downloads their data or deletes the account. */
export const paths = { privacy: () => '/account/privacy' };
