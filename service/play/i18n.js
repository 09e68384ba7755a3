// The page's own few words in the five languages the service speaks. Everything about the game itself
// (score names, the spoken count, a hand's combinations, problems) comes from the service in the
// chosen language; these are only the page's labels.
// @ts-check

export const LANGUAGES = /** @type {const} */ (["en", "sv", "da", "de", "nl"]);
/** @typedef {typeof LANGUAGES[number]} Lang */

/** @type {Record<string, Record<Lang, string>>} */
const WORDS = {
  title: { en: "Cribbage", sv: "Cribbage", da: "Cribbage", de: "Cribbage", nl: "Cribbage" },
  language: { en: "Language", sv: "Språk", da: "Sprog", de: "Sprache", nl: "Taal" },
  newGame: { en: "New game", sv: "Nytt parti", da: "Nyt spil", de: "Neues Spiel", nl: "Nieuw spel" },
  start: { en: "Start", sv: "Börja", da: "Start", de: "Starten", nl: "Start" },
  variant: { en: "Game", sv: "Spel", da: "Spil", de: "Spiel", nl: "Spel" },
  six_card: { en: "Two players, six cards", sv: "Två spelare, sex kort", da: "To spillere, seks kort", de: "Zwei Spieler, sechs Karten", nl: "Twee spelers, zes kaarten" },
  five_card: { en: "Two players, five cards", sv: "Två spelare, fem kort", da: "To spillere, fem kort", de: "Zwei Spieler, fünf Karten", nl: "Twee spelers, vijf kaarten" },
  three_player: { en: "Three players", sv: "Tre spelare", da: "Tre spillere", de: "Drei Spieler", nl: "Drie spelers" },
  four_player: { en: "Four players, partners", sv: "Fyra spelare, par", da: "Fire spillere, makkere", de: "Vier Spieler, Partner", nl: "Vier spelers, partners" },
  four_player_individual: { en: "Four players, each alone", sv: "Fyra spelare, var för sig", da: "Fire spillere, hver for sig", de: "Vier Spieler, jeder für sich", nl: "Vier spelers, ieder voor zich" },
  opponents: { en: "Opponents", sv: "Motståndare", da: "Modstandere", de: "Gegner", nl: "Tegenstanders" },
  vsComputer: { en: "The computer", sv: "Datorn", da: "Computeren", de: "Der Computer", nl: "De computer" },
  passAndPlay: { en: "People on this device (pass and play)", sv: "Personer vid den här enheten (skicka runt)", da: "Personer ved denne enhed (send rundt)", de: "Personen an diesem Gerät (weiterreichen)", nl: "Mensen op dit apparaat (doorgeven)" },
  level: { en: "Computer level", sv: "Datorns nivå", da: "Computerens niveau", de: "Stärke des Computers", nl: "Niveau van de computer" },
  easy: { en: "easy", sv: "lätt", da: "let", de: "leicht", nl: "makkelijk" },
  standard: { en: "standard", sv: "normal", da: "normal", de: "normal", nl: "normaal" },
  hard: { en: "hard", sv: "svår", da: "svær", de: "schwer", nl: "moeilijk" },
  muggins: { en: "Count your own hands (muggins)", sv: "Räkna själv (muggins)", da: "Tæl selv (muggins)", de: "Selbst zählen (Muggins)", nl: "Zelf tellen (muggins)" },
  match: { en: "Match", sv: "Match", da: "Kamp", de: "Partie", nl: "Wedstrijd" },
  single: { en: "One game", sv: "Ett parti", da: "Ét spil", de: "Ein Spiel", nl: "Eén spel" },
  bestOf3: { en: "Best of 3", sv: "Bäst av 3", da: "Bedst af 3", de: "Best of 3", nl: "Beste van 3" },
  you: { en: "You", sv: "Du", da: "Du", de: "Du", nl: "Jij" },
  computer: { en: "Computer", sv: "Datorn", da: "Computer", de: "Computer", nl: "Computer" },
  player: { en: "Player", sv: "Spelare", da: "Spiller", de: "Spieler", nl: "Speler" },
  side: { en: "Side", sv: "Lag", da: "Hold", de: "Team", nl: "Team" },
  board: { en: "Board", sv: "Bräde", da: "Bræt", de: "Brett", nl: "Bord" },
  front: { en: "front peg", sv: "främre pinne", da: "forreste pind", de: "vorderer Stift", nl: "voorste pin" },
  back: { en: "back peg", sv: "bakre pinne", da: "bageste pind", de: "hinterer Stift", nl: "achterste pin" },
  yourHand: { en: "Your hand", sv: "Din hand", da: "Din hånd", de: "Deine Hand", nl: "Jouw hand" },
  hand: { en: "Hand", sv: "Hand", da: "Hånd", de: "Hand", nl: "Hand" },
  crib: { en: "Crib", sv: "Crib", da: "Crib", de: "Krippe", nl: "Crib" },
  cribOf: { en: "crib of", sv: "crib för", da: "crib for", de: "Krippe von", nl: "crib van" },
  starter: { en: "Starter", sv: "Vändkort", da: "Starter", de: "Startkarte", nl: "Starter" },
  count: { en: "Count", sv: "Summa", da: "Sum", de: "Summe", nl: "Telling" },
  pile: { en: "Played", sv: "Spelat", da: "Spillet", de: "Gespielt", nl: "Gespeeld" },
  cards: { en: "cards", sv: "kort", da: "kort", de: "Karten", nl: "kaarten" },
  dealer: { en: "dealer", sv: "giv", da: "giver", de: "Geber", nl: "deler" },
  deal: { en: "Deal", sv: "Giv", da: "Giv", de: "Runde", nl: "Deling" },
  throw: { en: "Throw to the crib", sv: "Lägg i cribben", da: "Læg i cribben", de: "In die Krippe", nl: "In de crib" },
  chooseThrow: { en: "Choose the cards for the crib", sv: "Välj kort till cribben", da: "Vælg kort til cribben", de: "Wähle Karten für die Krippe", nl: "Kies kaarten voor de crib" },
  yourTurn: { en: "Your turn", sv: "Din tur", da: "Din tur", de: "Du bist dran", nl: "Jouw beurt" },
  waiting: { en: "Waiting for", sv: "Väntar på", da: "Venter på", de: "Warten auf", nl: "Wachten op" },
  claim: { en: "Claim", sv: "Begär", da: "Kræv", de: "Ansagen", nl: "Claim" },
  points: { en: "points", sv: "poäng", da: "point", de: "Punkte", nl: "punten" },
  accept: { en: "Accept", sv: "Godta", da: "Godtag", de: "Annehmen", nl: "Accepteren" },
  callMuggins: { en: "Muggins", sv: "Muggins", da: "Muggins", de: "Muggins", nl: "Muggins" },
  claimed: { en: "claims", sv: "begär", da: "kræver", de: "sagt an", nl: "claimt" },
  countYours: { en: "Count this hand", sv: "Räkna handen", da: "Tæl hånden", de: "Zähle diese Hand", nl: "Tel deze hand" },
  hint: { en: "Hint", sv: "Tips", da: "Tip", de: "Tipp", nl: "Hint" },
  playThis: { en: "Play this", sv: "Spela detta", da: "Spil dette", de: "So spielen", nl: "Speel dit" },
  skip: { en: "Skip animation", sv: "Hoppa över", da: "Spring over", de: "Überspringen", nl: "Overslaan" },
  concede: { en: "Concede", sv: "Ge upp", da: "Giv op", de: "Aufgeben", nl: "Opgeven" },
  review: { en: "Review my game", sv: "Granska partiet", da: "Gennemgå spillet", de: "Spiel auswerten", nl: "Spel bekijken" },
  nextGame: { en: "Next game of the match", sv: "Nästa parti", da: "Næste spil", de: "Nächstes Spiel", nl: "Volgend spel" },
  wins: { en: "wins", sv: "vinner", da: "vinder", de: "gewinnt", nl: "wint" },
  win: { en: "win", sv: "vinner", da: "vinder", de: "gewinnen", nl: "winnen" },
  youWin: { en: "You win", sv: "Du vinner", da: "Du vinder", de: "Du gewinnst", nl: "Jij wint" },
  yourSideWins: { en: "Your side wins", sv: "Ditt lag vinner", da: "Dit hold vinder", de: "Deine Seite gewinnt", nl: "Jouw kant wint" },
  draw: { en: "A draw", sv: "Oavgjort", da: "Uafgjort", de: "Unentschieden", nl: "Gelijkspel" },
  gameOver: { en: "Game over", sv: "Partiet är slut", da: "Spillet er slut", de: "Spiel vorbei", nl: "Spel voorbij" },
  matchOver: { en: "The match is over", sv: "Matchen är slut", da: "Kampen er slut", de: "Die Partie ist vorbei", nl: "De wedstrijd is voorbij" },
  handTo: { en: "Hand the device to", sv: "Ge enheten till", da: "Giv enheden til", de: "Gib das Gerät an", nl: "Geef het apparaat aan" },
  iAm: { en: "I am", sv: "Jag är", da: "Jeg er", de: "Ich bin", nl: "Ik ben" },
  lost: { en: "points lost against the best move", sv: "poäng förlorade mot bästa draget", da: "point tabt mod det bedste træk", de: "Punkte verloren gegenüber dem besten Zug", nl: "punten verloren ten opzichte van de beste zet" },
  made: { en: "you", sv: "du", da: "du", de: "du", nl: "jij" },
  better: { en: "better", sv: "bättre", da: "bedre", de: "besser", nl: "beter" },
  go: { en: "Go", sv: "Go", da: "Go", de: "Go", nl: "Go" },
  shows: { en: "shows", sv: "visar", da: "viser", de: "zeigt", nl: "toont" },
  pegs: { en: "pegs", sv: "får", da: "får", de: "bekommt", nl: "krijgt" },
  error: { en: "Something went wrong", sv: "Något gick fel", da: "Noget gik galt", de: "Etwas ist schiefgegangen", nl: "Er ging iets mis" },
  offline: { en: "no answer (is the connection down?): try again in a moment.", sv: "inget svar (är anslutningen nere?): försök igen om en stund.", da: "intet svar (er forbindelsen nede?): prøv igen om lidt.", de: "keine Antwort (ist die Verbindung unterbrochen?): Versuche es gleich noch einmal.", nl: "geen antwoord (is de verbinding weg?): probeer het zo opnieuw." },
  resume: { en: "Game resumed", sv: "Partiet återupptaget", da: "Spillet genoptaget", de: "Spiel fortgesetzt", nl: "Spel hervat" },
  ace: { en: "ace", sv: "ess", da: "es", de: "Ass", nl: "aas" },
  jack: { en: "jack", sv: "knekt", da: "knægt", de: "Bube", nl: "boer" },
  queen: { en: "queen", sv: "dam", da: "dame", de: "Dame", nl: "vrouw" },
  king: { en: "king", sv: "kung", da: "konge", de: "König", nl: "heer" },
  of: { en: "of", sv: "", da: "", de: "", nl: "" },
  S: { en: "spades", sv: "spader", da: "spar", de: "Pik", nl: "schoppen" },
  H: { en: "hearts", sv: "hjärter", da: "hjerter", de: "Herz", nl: "harten" },
  D: { en: "diamonds", sv: "ruter", da: "ruder", de: "Karo", nl: "ruiten" },
  C: { en: "clubs", sv: "klöver", da: "klør", de: "Kreuz", nl: "klaveren" },
  target: { en: "Points to win", sv: "Poäng för att vinna", da: "Point for at vinde", de: "Punkte zum Sieg", nl: "Punten om te winnen" },
  targetUsual: { en: "The usual (121, five cards 61)", sv: "Det vanliga (121, fem kort 61)", da: "Det sædvanlige (121, fem kort 61)", de: "Wie üblich (121, fünf Karten 61)", nl: "Het gebruikelijke (121, vijf kaarten 61)" },
  phase_discard: { en: "Throws to the crib", sv: "Kast till cribben", da: "Kort til cribben", de: "Abwurf in die Krippe", nl: "Kaarten naar de crib" },
  phase_play: { en: "The play", sv: "Utspelet", da: "Udspillet", de: "Das Ausspielen", nl: "Het uitspelen" },
  phase_count: { en: "Counting hands", sv: "Räkningen", da: "Optællingen", de: "Das Zählen", nl: "Het tellen" },
  phase_muggins: { en: "Muggins", sv: "Muggins", da: "Muggins", de: "Muggins", nl: "Muggins" },
  decisions: { en: "decisions", sv: "beslut", da: "beslutninger", de: "Entscheidungen", nl: "beslissingen" },
  pointsLost: { en: "points lost", sv: "poäng förlorade", da: "point tabt", de: "Punkte verloren", nl: "punten verloren" },
  skunk: { en: "skunk", sv: "skunk", da: "skunk", de: "Skunk", nl: "skunk" },
  double_skunk: { en: "double skunk", sv: "dubbel skunk", da: "dobbelt skunk", de: "doppelter Skunk", nl: "dubbele skunk" },
  triple_skunk: { en: "triple skunk", sv: "trippel skunk", da: "tredobbelt skunk", de: "dreifacher Skunk", nl: "driedubbele skunk" },
  twoDevices: { en: "Two devices, one game: start the reference relay with `make relay` and open /play there (port 8001).", sv: "Två enheter, ett parti: starta referensreläet med `make relay` och öppna /play där (port 8001).", da: "To enheder, ét spil: start referencerelæet med `make relay` og åbn /play der (port 8001).", de: "Zwei Geräte, ein Spiel: Starte das Referenz-Relay mit `make relay` und öffne dort /play (Port 8001).", nl: "Twee apparaten, één spel: start de referentie-relay met `make relay` en open daar /play (poort 8001)." },
  relayLinkHere: { en: "This link is for a game with a friend, which a relay keeps, not this service.", sv: "Den här länken gäller ett parti med en vän, som ett relä håller, inte den här tjänsten.", da: "Dette link gælder et spil med en ven, som et relæ holder, ikke denne tjeneste.", de: "Dieser Link gehört zu einem Spiel mit einem Freund, das ein Relay führt, nicht dieser Dienst.", nl: "Deze link hoort bij een spel met een vriend, dat een relay bijhoudt, niet deze dienst." },
  faceDown: { en: "face down", sv: "med baksidan upp", da: "med bagsiden op", de: "verdeckt", nl: "gesloten" },
};

/** @type {Lang} */
let current = "en";

/** @param {string} lang */
export function setLang(lang) {
  current = /** @type {Lang} */ (LANGUAGES.includes(/** @type {Lang} */ (lang)) ? lang : "en");
  document.documentElement.lang = current;
}

export function lang() {
  return current;
}

/** The page's word for `key` in the current language (the key itself when there is none). */
export function t(/** @type {string} */ key) {
  const word = WORDS[key];
  return word ? word[current] : key;
}

/** The browser's language when the service speaks it, else English. */
export function preferredLang() {
  for (const tag of navigator.languages || [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(/** @type {Lang} */ (base))) return base;
  }
  return "en";
}
