import {
  classDefaults,
  decimalsFor,
  type Instrument,
  type InstrumentClass,
  numberCell,
  parseTable,
} from './instrument'
import type { ExchangeId } from './trading-hours'

/*
 * Indices (ids from 1000000, in points), currency pairs, crypto currencies and commodities (ids from
 * 99965, in their quote currency or USD). Prices are about those of early January 2025; supply is the
 * number of coins in circulation; '-' is none.
 *
 * id      | name                         | alias          | symbol | second code  | class     | exchange   | price | vol  | spread  | supply  | buzz
 */
const table = `
1000000 | S&P 500                        | S&P 500        | SPX    | US78378X1072 | index     | nyse       | 5880  | 0.16 | 0.0001  | -       | 4
1000001 | Dow Jones Industrial Average   | Dow Jones      | DJI    | US2605661048 | index     | nyse       | 42500 | 0.15 | 0.0001  | -       | 3
1000002 | NASDAQ 100                     | Nasdaq 100     | NDX    | US6311011026 | index     | nyse       | 21000 | 0.22 | 0.0001  | -       | 3
1000003 | Russell 2000                   | Russell 2000   | RUT    | US7827001089 | index     | nyse       | 2230  | 0.22 | 0.0002  | -       | 1
1000004 | DAX                            | DAX            | DAX    | DE0008469008 | index     | xetra      | 19900 | 0.18 | 0.0001  | -       | 4
1000005 | MDAX                           | MDAX           | MDAX   | DE0008467416 | index     | xetra      | 25500 | 0.2  | 0.0002  | -       | 1
1000006 | TecDAX                         | TecDAX         | TDXP   | DE0007203275 | index     | xetra      | 3500  | 0.2  | 0.0002  | -       | 1
1000007 | FTSE 100                       | FTSE 100       | UKX    | GB0001383545 | index     | lse        | 8200  | 0.14 | 0.0001  | -       | 2
1000008 | EURO STOXX 50                  | Euro Stoxx 50  | SX5E   | EU0009658145 | index     | xetra      | 4870  | 0.17 | 0.0001  | -       | 2
1000009 | CAC 40                         | CAC 40         | PX1    | FR0003500008 | index     | euronext   | 7380  | 0.17 | 0.0001  | -       | 1
1000010 | Swiss Market Index             | SMI            | SMI    | CH0009980894 | index     | six        | 11600 | 0.13 | 0.0001  | -       | 1
1000011 | Nikkei 225                     | Nikkei         | N225   | JP9010C00002 | index     | tokyo      | 39900 | 0.2  | 0.0001  | -       | 2
1000012 | Hang Seng Index                | Hang Seng      | HSI    | HK0000004322 | index     | hongKong   | 19700 | 0.25 | 0.0001  | -       | 2
1000013 | Shanghai Composite             | Shanghai Comp  | SHCOMP | CNM0000001Y0 | index     | shanghai   | 3350  | 0.2  | 0.0002  | -       | 1
1000014 | KOSPI                          | KOSPI          | KOSPI  | KRD020020008 | index     | seoul      | 2400  | 0.2  | 0.0002  | -       | 1
1000015 | S&P/ASX 200                    | ASX 200        | XJO    | AU000000XJO2 | index     | sydney     | 8200  | 0.14 | 0.0002  | -       | 1
1000016 | OMX Stockholm 30               | OMXS30         | OMXS30 | SE0000337842 | index     | stockholm  | 2500  | 0.17 | 0.0002  | -       | 1
1000017 | OMX Helsinki 25                | OMXH25         | OMXH25 | FI0008900212 | index     | helsinki   | 4400  | 0.17 | 0.0002  | -       | 1
1000018 | OMX Copenhagen 25              | OMXC25         | OMXC25 | DK0060368991 | index     | copenhagen | 1900  | 0.19 | 0.0002  | -       | 1
1000019 | OBX Total Return Index         | OBX            | OBX    | NO0000000021 | index     | oslo       | 1350  | 0.17 | 0.0002  | -       | 1
99965   | Euro / US Dollar               | EUR/USD        | EURUSD | EUR/USD      | forex     | fx         | 1.035 | 0.07 | 0.00008 | -       | 2
99966   | British Pound / US Dollar      | GBP/USD        | GBPUSD | GBP/USD      | forex     | fx         | 1.25  | 0.08 | 0.0001  | -       | 1
99967   | US Dollar / Russian Rubel      | USD/RUB        | USDRUB | USD/RUB      | forex     | fx         | 100   | 0.15 | 0.002   | -       | 1
99968   | US Dollar / Japanese Yen       | USD/JPY        | USDJPY | USD/JPY      | forex     | fx         | 157   | 0.1  | 0.0001  | -       | 1
99969   | Euro / Swiss Franc             | EUR/CHF        | EURCHF | EUR/CHF      | forex     | fx         | 0.94  | 0.06 | 0.00015 | -       | 1
99970   | Euro / British Pound           | EUR/GBP        | EURGBP | EUR/GBP      | forex     | fx         | 0.83  | 0.06 | 0.00015 | -       | 1
99979   | Bitcoin                        | Bitcoin        | BTC    | BTCUSD       | crypto    | crypto     | 94000 | 0.55 | 0.0005  | 19.8e6  | 6
99980   | Ethereum                       | Ethereum       | ETH    | ETHUSD       | crypto    | crypto     | 3350  | 0.7  | 0.0008  | 120.5e6 | 4
99981   | Litecoin                       | Litecoin       | LTC    | LTCUSD       | crypto    | crypto     | 105   | 0.8  | 0.0015  | 75e6    | 1
99982   | Ripple                         | XRP            | XRP    | XRPUSD       | crypto    | crypto     | 2.3   | 0.9  | 0.0015  | 57.6e9  | 2
99983   | Bitcoin Cash                   | Bitcoin Cash   | BCH    | BCHUSD       | crypto    | crypto     | 430   | 0.85 | 0.0015  | 19.8e6  | 1
99984   | Cardano                        | Cardano        | ADA    | ADAUSD       | crypto    | crypto     | 0.9   | 0.9  | 0.002   | 35e9    | 1
99985   | Dogecoin                       | Dogecoin       | DOGE   | DOGEUSD      | crypto    | crypto     | 0.33  | 1.0  | 0.002   | 147e9   | 2
99986   | Solana                         | Solana         | SOL    | SOLUSD       | crypto    | crypto     | 190   | 0.9  | 0.0015  | 480e6   | 2
99990   | Gold                           | Gold           | GOLD   | XAUUSD       | commodity | futures    | 2630  | 0.15 | 0.0003  | -       | 3
99991   | Silver                         | Silver         | SILVER | XAGUSD       | commodity | futures    | 29.5  | 0.28 | 0.0008  | -       | 2
99992   | Brent Crude Oil                | Brent          | BRENT  | XBRUSD       | commodity | futures    | 76    | 0.32 | 0.0005  | -       | 2
99993   | WTI Crude Oil                  | WTI            | WTI    | CL           | commodity | futures    | 73    | 0.34 | 0.0005  | -       | 2
99994   | Natural Gas                    | Natural Gas    | NATGAS | NG           | commodity | futures    | 3.6   | 0.6  | 0.002   | -       | 1
99995   | Copper                         | Copper         | COPPER | HG           | commodity | futures    | 4.0   | 0.22 | 0.0008  | -       | 1
99996   | Platinum                       | Platinum       | XPT    | XPTUSD       | commodity | futures    | 920   | 0.25 | 0.001   | -       | 1
99997   | Palladium                      | Palladium      | XPD    | XPDUSD       | commodity | futures    | 910   | 0.35 | 0.0015  | -       | 1
`

export const markets: Instrument[] = parseTable(table, 12).map((cells) => {
  const [id, name, alias, symbol, code, kind, exchange, price, vol, spread, supply, buzz] = cells
  const instrumentClass = kind as InstrumentClass
  const defaults = classDefaults[instrumentClass]
  if (!defaults) throw new Error(`unknown instrument class ${kind}`)
  const startPrice = numberCell(price)
  return {
    id: numberCell(id),
    name: name as string,
    alias: alias as string,
    symbol: symbol as string,
    codes: [symbol as string, code as string],
    type: defaults.type,
    class: instrumentClass,
    exchange: exchange as ExchangeId,
    startPrice,
    volatility: numberCell(vol),
    drift: defaults.drift,
    spread: numberCell(spread),
    decimals: decimalsFor(instrumentClass, startPrice),
    tickChance: defaults.tickChance,
    buzz: numberCell(buzz),
    ...(supply === '-' ? {} : { supply: numberCell(supply) }),
  }
})
