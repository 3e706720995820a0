import {
  classDefaults,
  decimalsFor,
  type Instrument,
  numberCell,
  parseTable,
  type Sector,
} from './instrument'
import type { ExchangeId } from './trading-hours'

/*
 * Company shares, quoted in USD (spec §9: anything that is not an index, crypto or forex is USD).
 * Prices are about those of early January 2025; company figures are rounded trailing-twelve-month
 * values of that time (shares and sales in billions), good enough for plausible ratios.
 *
 * id   | name                          | alias           | ticker | ISIN         | exchange   | sector     | price | vol  | shares | EPS   | sales | BVPS | buzz
 */
const table = `
2494  | Apple Inc.                     | Apple           | AAPL   | US0378331005 | nyse       | technology | 243   | 0.26 | 15.1   | 6.1   | 391   | 3.8  | 6
2517  | Amazon.com Inc.                | Amazon          | AMZN   | US0231351067 | nyse       | consumer   | 220   | 0.32 | 10.5   | 5.5   | 620   | 27   | 6
2793  | Tesla Inc.                     | Tesla           | TSLA   | US88160R1014 | nyse       | automotive | 380   | 0.58 | 3.2    | 2.0   | 97    | 22   | 6
2531  | Microsoft Corp.                | Microsoft       | MSFT   | US5949181045 | nyse       | technology | 420   | 0.24 | 7.43   | 12.4  | 262   | 36   | 4
2547  | Alphabet Inc. Class A          | Alphabet        | GOOGL  | US02079K3059 | nyse       | technology | 190   | 0.3  | 12.2   | 8.0   | 350   | 27   | 4
2588  | Meta Platforms Inc.            | Meta            | META   | US30303M1027 | nyse       | technology | 600   | 0.36 | 2.53   | 23.9  | 164   | 72   | 4
2602  | NVIDIA Corp.                   | Nvidia          | NVDA   | US67066G1040 | nyse       | technology | 138   | 0.5  | 24.5   | 2.5   | 113   | 2.6  | 5
2618  | Netflix Inc.                   | Netflix         | NFLX   | US64110L1061 | nyse       | consumer   | 890   | 0.35 | 0.43   | 19.8  | 39    | 57   | 2
2640  | Intel Corp.                    | Intel           | INTC   | US4581401001 | nyse       | technology | 20    | 0.45 | 4.3    | -4.4  | 53    | 24   | 2
2655  | Advanced Micro Devices Inc.    | AMD             | AMD    | US0079031078 | nyse       | technology | 120   | 0.5  | 1.62   | 1.0   | 25.8  | 35   | 3
2671  | IBM Corp.                      | IBM             | IBM    | US4592001014 | nyse       | technology | 220   | 0.22 | 0.93   | 6.4   | 62.8  | 29   | 1
2689  | Oracle Corp.                   | Oracle          | ORCL   | US68389X1054 | nyse       | technology | 165   | 0.32 | 2.8    | 4.3   | 55    | 3.7  | 1
2704  | Adobe Inc.                     | Adobe           | ADBE   | US00724F1012 | nyse       | technology | 445   | 0.32 | 0.44   | 12.4  | 21.5  | 32   | 1
2716  | Salesforce Inc.                | Salesforce      | CRM    | US79466L3024 | nyse       | technology | 335   | 0.3  | 0.96   | 6.4   | 37.9  | 61   | 1
2730  | Cisco Systems Inc.             | Cisco           | CSCO   | US17275R1023 | nyse       | technology | 59    | 0.2  | 3.98   | 2.6   | 54    | 11.5 | 1
2745  | SAP SE                         | SAP             | SAP    | DE0007164600 | xetra      | technology | 245   | 0.26 | 1.17   | 3.3   | 37    | 41   | 2
2758  | Sony Group Corp.               | Sony            | SONY   | JP3435000009 | tokyo      | technology | 21    | 0.3  | 6.05   | 1.3   | 90    | 7.5  | 1
2771  | Nokia Oyj                      | Nokia           | NOKIA  | FI0009000681 | helsinki   | technology | 4.4   | 0.3  | 5.4    | 0.23  | 20.8  | 3.8  | 1
2786  | Ericsson B                     | Ericsson        | ERIC   | SE0000108656 | stockholm  | technology | 8.1   | 0.3  | 3.33   | 0.05  | 23    | 2.7  | 1
2801  | Spotify Technology S.A.        | Spotify         | SPOT   | LU1778762911 | nyse       | technology | 450   | 0.45 | 0.2    | 5.5   | 16.5  | 24   | 1
2815  | Volkswagen AG Vz.              | Volkswagen      | VOW3   | DE0007664039 | xetra      | automotive | 95    | 0.3  | 0.5    | 24    | 350   | 390  | 2
2829  | Bayerische Motoren Werke AG    | BMW             | BMW    | DE0005190003 | xetra      | automotive | 82    | 0.28 | 0.62   | 12    | 150   | 150  | 2
2843  | Mercedes-Benz Group AG         | Mercedes-Benz   | MBG    | DE0007100000 | xetra      | automotive | 58    | 0.28 | 0.96   | 11    | 155   | 97   | 2
2857  | Toyota Motor Corp.             | Toyota          | TM     | JP3633400001 | tokyo      | automotive | 18    | 0.28 | 13.1   | 2.3   | 310   | 25   | 1
2871  | Ford Motor Co.                 | Ford            | F      | US3453708600 | nyse       | automotive | 10    | 0.35 | 3.97   | 1.5   | 185   | 11   | 1
2885  | General Motors Co.             | GM              | GM     | US37045V1008 | nyse       | automotive | 53    | 0.35 | 1.1    | 6.4   | 187   | 63   | 1
2899  | Ferrari N.V.                   | Ferrari         | RACE   | NL0011585146 | euronext   | automotive | 430   | 0.25 | 0.18   | 8.5   | 7     | 20   | 1
2913  | Stellantis N.V.                | Stellantis      | STLA   | NL00150001Q9 | euronext   | automotive | 13    | 0.35 | 2.9    | 2.0   | 170   | 27   | 1
3011  | The Coca-Cola Co.              | Coca-Cola       | KO     | US1912161007 | nyse       | consumer   | 62    | 0.16 | 4.3    | 2.47  | 47    | 6.1  | 2
3025  | PepsiCo Inc.                   | PepsiCo         | PEP    | US7134481081 | nyse       | consumer   | 152   | 0.17 | 1.37   | 6.95  | 92    | 13.3 | 1
3039  | Nike Inc.                      | Nike            | NKE    | US6541061031 | nyse       | consumer   | 75    | 0.3  | 1.48   | 2.9   | 49    | 9.5  | 2
3053  | McDonald's Corp.               | McDonald's      | MCD    | US5801351017 | nyse       | consumer   | 290   | 0.18 | 0.715  | 11.4  | 26    | -5   | 2
3067  | Starbucks Corp.                | Starbucks       | SBUX   | US8552441094 | nyse       | consumer   | 91    | 0.3  | 1.13   | 2.9   | 36    | -7   | 1
3081  | Procter & Gamble Co.           | Procter & Gamble| PG     | US7427181091 | nyse       | consumer   | 168   | 0.16 | 2.36   | 6.3   | 84    | 21   | 1
3095  | Walmart Inc.                   | Walmart         | WMT    | US9311421039 | nyse       | consumer   | 90    | 0.2  | 8.0    | 2.4   | 670   | 11   | 2
3109  | The Walt Disney Co.            | Disney          | DIS    | US2546871060 | nyse       | consumer   | 111   | 0.28 | 1.81   | 2.7   | 92    | 55   | 2
3123  | adidas AG                      | adidas          | ADS    | DE000A1EWWW0 | xetra      | consumer   | 245   | 0.3  | 0.18   | 4.5   | 25    | 30   | 1
3137  | LVMH Moet Hennessy Louis Vuitton | LVMH          | MC     | FR0000121014 | euronext   | consumer   | 680   | 0.28 | 0.5    | 28    | 92    | 130  | 1
3151  | Nestle S.A.                    | Nestle          | NESN   | CH0038863350 | six        | consumer   | 83    | 0.16 | 2.6    | 4.6   | 100   | 15   | 1
3165  | Unilever PLC                   | Unilever        | ULVR   | GB00B10RZP78 | lse        | consumer   | 57    | 0.17 | 2.5    | 2.6   | 65    | 8    | 1
4201  | JPMorgan Chase & Co.           | JPMorgan        | JPM    | US46625H1005 | nyse       | bank       | 240   | 0.22 | 2.8    | 19.8  | 170   | 116  | 2
4215  | Bank of America Corp.          | Bank of America | BAC    | US0605051046 | nyse       | bank       | 44    | 0.25 | 7.6    | 3.2   | 100   | 36   | 1
4229  | The Goldman Sachs Group Inc.   | Goldman Sachs   | GS     | US38141G1040 | nyse       | bank       | 575   | 0.26 | 0.31   | 40    | 53    | 335  | 1
4243  | Citigroup Inc.                 | Citigroup       | C      | US1729674242 | nyse       | bank       | 70    | 0.28 | 1.89   | 5.9   | 81    | 100  | 1
4257  | Wells Fargo & Co.              | Wells Fargo     | WFC    | US9497461015 | nyse       | bank       | 70    | 0.26 | 3.3    | 5.4   | 82    | 48   | 1
4271  | Deutsche Bank AG               | Deutsche Bank   | DBK    | DE0005140008 | xetra      | bank       | 17    | 0.32 | 1.99   | 1.8   | 32    | 34   | 2
4285  | Commerzbank AG                 | Commerzbank     | CBK    | DE000CBK1001 | xetra      | bank       | 16    | 0.35 | 1.18   | 2.1   | 12    | 26   | 1
4299  | HSBC Holdings PLC              | HSBC            | HSBA   | GB0005405286 | lse        | bank       | 10    | 0.22 | 17.9   | 1.2   | 66    | 10.5 | 1
4313  | Barclays PLC                   | Barclays        | BARC   | GB0031348658 | lse        | bank       | 3.4   | 0.3  | 14.4   | 0.4   | 33    | 4.8  | 1
4327  | UBS Group AG                   | UBS             | UBSG   | CH0244767585 | six        | bank       | 31    | 0.28 | 3.2    | 1.5   | 48    | 27   | 1
4341  | Nordea Bank Abp                | Nordea          | NDA    | FI4000297767 | helsinki   | bank       | 11    | 0.22 | 3.5    | 1.5   | 13    | 10   | 1
4355  | Danske Bank A/S                | Danske Bank     | DANSKE | DK0010274414 | copenhagen | bank       | 28    | 0.24 | 0.85   | 3.2   | 8     | 25   | 1
5101  | Siemens AG                     | Siemens         | SIE    | DE0007236101 | xetra      | industry   | 195   | 0.24 | 0.79   | 11.5  | 82    | 70   | 1
5115  | Airbus SE                      | Airbus          | AIR    | NL0000235190 | euronext   | industry   | 160   | 0.26 | 0.79   | 5.4   | 75    | 25   | 1
5129  | The Boeing Co.                 | Boeing          | BA     | US0970231058 | nyse       | industry   | 175   | 0.38 | 0.75   | -15   | 67    | -5   | 2
5143  | Shell PLC                      | Shell           | SHEL   | GB00BP6MXD84 | lse        | energy     | 31    | 0.24 | 6.2    | 2.6   | 290   | 30   | 1
5157  | Exxon Mobil Corp.              | Exxon           | XOM    | US30231G1022 | nyse       | energy     | 107   | 0.24 | 4.4    | 7.8   | 340   | 61   | 1
5171  | Novo Nordisk A/S B             | Novo Nordisk    | NOVO B | DK0062498333 | copenhagen | health     | 87    | 0.35 | 4.44   | 3.2   | 42    | 5.3  | 2
`

const billion = 1e9

/** Wider spreads away from the deepest market. */
const spreadOf = (exchange: ExchangeId) => (exchange === 'nyse' ? 0.0003 : 0.0008)

export const shares: Instrument[] = parseTable(table, 14).map((cells) => {
  const [id, name, alias, ticker, isin, exchange, sector, price, vol, count, eps, sales, bvps, buzz] = cells
  const startPrice = numberCell(price)
  return {
    id: numberCell(id),
    name: name as string,
    alias: alias as string,
    symbol: (ticker as string).replace(' ', ''),
    codes: [ticker as string, isin as string],
    type: classDefaults.share.type,
    class: 'share',
    sector: sector as Sector,
    exchange: exchange as ExchangeId,
    startPrice,
    volatility: numberCell(vol),
    drift: classDefaults.share.drift,
    spread: spreadOf(exchange as ExchangeId),
    decimals: decimalsFor('share', startPrice),
    tickChance: classDefaults.share.tickChance,
    buzz: numberCell(buzz),
    company: {
      sharesOutstanding: numberCell(count) * billion,
      eps: numberCell(eps),
      sales: numberCell(sales) * billion,
      bookValuePerShare: numberCell(bvps),
    },
  }
})
