/** TTC every new player starts with, in hundredths (100.00 TTC). */
export const signUpGrantHundredths = 100_00
