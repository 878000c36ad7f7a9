/** What a screen says when its data could not be read (the API down, or an error answer). */
export const loadErrorsEn = {
  load_error: {
    unreachable_heading: 'The server cannot be reached',
    failed_heading: 'This could not be loaded',
    description: 'What is shown here comes from the server, which did not answer. Nothing was changed. Check your connection, then try again.',
    failed_description: 'The server answered with an error. Nothing was changed. Try again in a moment.',
    retry: 'Try again',
  },
};
