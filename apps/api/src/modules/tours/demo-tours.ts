import type { LocalizedText } from '@parvoz/db/schema';
import type { BoardBasis, TourInclude } from '@parvoz/contracts/tours';

/**
 * Demonstration last-minute tours, so that a fresh site shows a living section. Departures are counted
 * from today (`inDays`) and roll forward once a tour's sales have closed. PARVOZ_DEMO_TOURS=0 turns them off.
 * Hotels are illustrative, not real properties.
 */
export type DemoTour = {
  slug: string;
  title: Required<LocalizedText>;
  summary: Required<LocalizedText>;
  description: Required<LocalizedText>;
  originCode: string;
  destinationCode: string;
  countryCode: string;
  hotelName: string;
  hotelStars: number;
  boardBasis: BoardBasis;
  inDays: number;
  nights: number;
  /** USD cents per person. */
  priceFromMinor: number;
  seatsLeft: number;
  includes: TourInclude[];
  imageUrl: string;
};

export const DEMO_TOURS: readonly DemoTour[] = [
  {
    slug: 'antalya-lara-from-tashkent',
    title: {
      en: 'Antalya, Lara: 7 nights all inclusive from Tashkent',
      ru: 'Анталья, Лара: 7 ночей «всё включено» из Ташкента',
      uz: 'Antaliya, Lara: Toshkentdan 7 kecha, «hammasi kiritilgan»',
      tr: 'Antalya, Lara: Taşkent’ten 7 gece her şey dahil',
    },
    summary: {
      en: 'A beachfront five-star resort on Lara beach, ten minutes from Antalya airport.',
      ru: 'Пятизвёздочный отель на первой линии пляжа Лара, в десяти минутах от аэропорта Антальи.',
      uz: 'Lara plyajining birinchi qatoridagi besh yulduzli mehmonxona, Antaliya aeroportidan oʻn daqiqa.',
      tr: 'Lara plajında denize sıfır beş yıldızlı bir otel, Antalya Havalimanı’na on dakika.',
    },
    description: {
      en: 'Direct charter flight from Tashkent, a private beach with sunbeds and towels, five pools and a water park, a kids’ club from age 4. All meals and local drinks are included. The price is per person in a double room; a child under 12 sharing the room with two adults pays less: ask the operator.',
      ru: 'Прямой чартерный рейс из Ташкента, собственный пляж с шезлонгами и полотенцами, пять бассейнов и аквапарк, детский клуб с 4 лет. Питание и местные напитки включены. Цена указана за человека при двухместном размещении; ребёнок до 12 лет в номере с двумя взрослыми стоит дешевле — уточните у оператора.',
      uz: 'Toshkentdan toʻgʻridan-toʻgʻri charter reys, shezlong va sochiqli xususiy plyaj, beshta basseyn va akvapark, 4 yoshdan bolalar klubi. Ovqatlanish va mahalliy ichimliklar narxga kiritilgan. Narx ikki kishilik xonada bir kishi uchun; ikki katta bilan bir xonadagi 12 yoshgacha bola arzonroq — operatordan soʻrang.',
      tr: 'Taşkent’ten direkt charter uçuş, şezlong ve havlulu özel plaj, beş havuz ve su parkı, 4 yaş üstü çocuk kulübü. Tüm yemekler ve yerli içecekler dahildir. Fiyat, çift kişilik odada kişi başınadır; iki yetişkinle aynı odada kalan 12 yaş altı çocuk daha az öder: operatöre sorun.',
    },
    originCode: 'TAS',
    destinationCode: 'AYT',
    countryCode: 'TR',
    hotelName: 'Sunrise Lara Resort',
    hotelStars: 5,
    boardBasis: 'AI',
    inDays: 10,
    nights: 7,
    priceFromMinor: 68_900,
    seatsLeft: 12,
    includes: ['flight', 'hotel', 'transfer', 'insurance', 'baggage'],
    imageUrl: '/tours/antalya.svg',
  },
  {
    slug: 'bodrum-from-istanbul',
    title: {
      en: 'Bodrum: 5 nights half board from Istanbul',
      ru: 'Бодрум: 5 ночей с полупансионом из Стамбула',
      uz: 'Bodrum: Istanbuldan 5 kecha, yarim pansion',
      tr: 'Bodrum: İstanbul’dan 5 gece yarım pansiyon',
    },
    summary: {
      en: 'A quiet four-star hotel on Gümbet bay with its own pier; breakfast and dinner included.',
      ru: 'Тихий четырёхзвёздочный отель в бухте Гюмбет со своим пирсом; завтраки и ужины включены.',
      uz: 'Gümbet koʻrfazidagi oʻz iskalasiga ega tinch toʻrt yulduzli mehmonxona; nonushta va kechki ovqat kiritilgan.',
      tr: 'Gümbet koyunda kendi iskelesi olan sakin, dört yıldızlı bir otel; kahvaltı ve akşam yemeği dahil.',
    },
    description: {
      en: 'Morning flight from Istanbul to Milas-Bodrum with 20 kg of baggage, transfers, breakfast and dinner buffet. The castle of St Peter and the marina are a 10-minute ride away; boat trips to Orak island can be booked at the hotel.',
      ru: 'Утренний рейс из Стамбула в Милас-Бодрум с багажом 20 кг, трансферы, завтрак и ужин «шведский стол». До замка Святого Петра и марины — 10 минут езды; морские прогулки на остров Орак можно заказать в отеле.',
      uz: 'Istanbuldan Milas-Bodrumga 20 kg yuk bilan ertalabki reys, transferlar, «shved stoli» nonushta va kechki ovqat. Avliyo Pyotr qalʼasi va marinagacha 10 daqiqalik yoʻl; Orak oroliga qayiq sayohatini mehmonxonada buyurtma qilish mumkin.',
      tr: 'İstanbul’dan Milas-Bodrum’a 20 kg bagajlı sabah uçuşu, transferler, açık büfe kahvaltı ve akşam yemeği. Bodrum Kalesi ve marina araçla 10 dakika; Orak Adası tekne turları otelden ayarlanabilir.',
    },
    originCode: 'IST',
    destinationCode: 'BJV',
    countryCode: 'TR',
    hotelName: 'Aegean Blue Hotel',
    hotelStars: 4,
    boardBasis: 'HB',
    inDays: 12,
    nights: 5,
    priceFromMinor: 38_900,
    seatsLeft: 10,
    includes: ['flight', 'hotel', 'transfer', 'baggage'],
    imageUrl: '/tours/bodrum.svg',
  },
  {
    slug: 'dubai-marina-from-tashkent',
    title: {
      en: 'Dubai Marina: 5 nights with breakfast from Tashkent',
      ru: 'Дубай Марина: 5 ночей с завтраками из Ташкента',
      uz: 'Dubay Marina: Toshkentdan 5 kecha, nonushta bilan',
      tr: 'Dubai Marina: Taşkent’ten 5 gece kahvaltı dahil',
    },
    summary: {
      en: 'A four-star hotel by the Marina promenade, a short walk from JBR beach and the metro.',
      ru: 'Четырёхзвёздочный отель у набережной Марины, в нескольких минутах пешком от пляжа JBR и метро.',
      uz: 'Marina sohil yoʻlagi yonidagi toʻrt yulduzli mehmonxona, JBR plyaji va metrodan bir necha daqiqa piyoda.',
      tr: 'Marina yürüyüş yolunda dört yıldızlı bir otel; JBR plajına ve metroya birkaç dakika yürüme mesafesinde.',
    },
    description: {
      en: 'Flight from Tashkent with 23 kg of baggage, airport transfers, breakfast buffet and a rooftop pool. We help with the UAE visa: send a copy of the passport after booking. A desert safari and Burj Khalifa tickets can be added on request.',
      ru: 'Перелёт из Ташкента с багажом 23 кг, трансферы из аэропорта и обратно, завтрак «шведский стол» и бассейн на крыше. Поможем с визой в ОАЭ: пришлите копию паспорта после бронирования. Сафари по пустыне и билеты на Бурдж-Халифу — по запросу.',
      uz: 'Toshkentdan 23 kg yuk bilan parvoz, aeroportdan va aeroportga transfer, «shved stoli» nonushtasi va tomdagi basseyn. BAA vizasi boʻyicha yordam beramiz: bron qilgandan soʻng pasport nusxasini yuboring. Choʻl safari va Burj Xalifa chiptalari — soʻrov boʻyicha.',
      tr: 'Taşkent’ten 23 kg bagajlı uçuş, havalimanı transferleri, açık büfe kahvaltı ve çatı havuzu. BAE vizesi için yardımcı oluyoruz: rezervasyondan sonra pasaportun bir kopyasını gönderin. Çöl safarisi ve Burj Khalifa biletleri istek üzerine eklenebilir.',
    },
    originCode: 'TAS',
    destinationCode: 'DXB',
    countryCode: 'AE',
    hotelName: 'Marina Pearl Hotel',
    hotelStars: 4,
    boardBasis: 'BB',
    inDays: 16,
    nights: 5,
    priceFromMinor: 61_900,
    seatsLeft: 8,
    includes: ['flight', 'hotel', 'transfer', 'insurance', 'baggage', 'visa_support'],
    imageUrl: '/tours/dubai.svg',
  },
  {
    slug: 'tbilisi-old-town-from-almaty',
    title: {
      en: 'Tbilisi: 4 nights in the Old Town from Almaty',
      ru: 'Тбилиси: 4 ночи в Старом городе из Алматы',
      uz: 'Tbilisi: Olmaotadan Eski shaharda 4 kecha',
      tr: 'Tiflis: Almatı’dan Eski Şehir’de 4 gece',
    },
    summary: {
      en: 'A small boutique hotel below Narikala fortress, with a guided walk and a day trip to Mtskheta.',
      ru: 'Небольшой бутик-отель под крепостью Нарикала, экскурсия по городу и поездка в Мцхету.',
      uz: 'Narikala qalʼasi etagidagi kichik butik-mehmonxona, shahar boʻylab ekskursiya va Mtsxetaga sayohat.',
      tr: 'Narikala Kalesi’nin eteğinde küçük bir butik otel; rehberli şehir turu ve Mtskheta gezisi.',
    },
    description: {
      en: 'Flights from Almaty, transfers, breakfasts with Georgian pastries, a three-hour walking tour of Old Tbilisi and the sulphur baths district, and a day trip to Mtskheta and Jvari monastery.',
      ru: 'Перелёт из Алматы, трансферы, завтраки с грузинской выпечкой, трёхчасовая пешая экскурсия по Старому Тбилиси и району серных бань, поездка в Мцхету и монастырь Джвари.',
      uz: 'Olmaotadan parvoz, transferlar, gruzin pishiriqlari bilan nonushta, Eski Tbilisi va oltingugurt hammomlari mahallasi boʻylab uch soatlik piyoda ekskursiya, Mtsxeta va Jvari monastiriga sayohat.',
      tr: 'Almatı’dan uçuş, transferler, Gürcü hamur işleriyle kahvaltı, Eski Tiflis ve kükürt hamamları semtinde üç saatlik yürüyüş turu, Mtskheta ve Cvari Manastırı’na günübirlik gezi.',
    },
    originCode: 'ALA',
    destinationCode: 'TBS',
    countryCode: 'GE',
    hotelName: 'Old Tbilisi Boutique Hotel',
    hotelStars: 3,
    boardBasis: 'BB',
    inDays: 23,
    nights: 4,
    priceFromMinor: 42_900,
    seatsLeft: 6,
    includes: ['flight', 'hotel', 'transfer', 'excursions'],
    imageUrl: '/tours/tbilisi.svg',
  },
  {
    slug: 'phuket-patong-from-tashkent',
    title: {
      en: 'Phuket, Patong: 9 nights with breakfast from Tashkent',
      ru: 'Пхукет, Патонг: 9 ночей с завтраками из Ташкента',
      uz: 'Pxuket, Patong: Toshkentdan 9 kecha, nonushta bilan',
      tr: 'Phuket, Patong: Taşkent’ten 9 gece kahvaltı dahil',
    },
    summary: {
      en: 'A garden resort 300 metres from Patong beach, with a lagoon pool and a free shuttle.',
      ru: 'Отель-сад в 300 метрах от пляжа Патонг, с бассейном-лагуной и бесплатным шаттлом.',
      uz: 'Patong plyajidan 300 metr uzoqlikdagi bogʻli mehmonxona, laguna-basseyn va bepul shattl bilan.',
      tr: 'Patong plajına 300 metre uzaklıkta, lagün havuzlu ve ücretsiz servisli bir bahçe oteli.',
    },
    description: {
      en: 'Flight from Tashkent with one connection, 23 kg of baggage, transfers, daily breakfast and medical insurance. We check the visa rules for your passport when we confirm the booking. Island tours to Phi Phi and James Bond island can be added on request.',
      ru: 'Перелёт из Ташкента с одной пересадкой, багаж 23 кг, трансферы, ежедневные завтраки и медицинская страховка. Визовые правила для вашего паспорта проверим при подтверждении брони. Экскурсии на острова Пхи-Пхи и Джеймса Бонда — по запросу.',
      uz: 'Toshkentdan bitta almashinuv bilan parvoz, 23 kg yuk, transferlar, har kungi nonushta va tibbiy sugʻurta. Pasportingiz uchun viza qoidalarini bronni tasdiqlashda tekshiramiz. Phi-Phi va Jeyms Bond orollariga ekskursiyalar — soʻrov boʻyicha.',
      tr: 'Taşkent’ten tek aktarmalı uçuş, 23 kg bagaj, transferler, her gün kahvaltı ve sağlık sigortası. Pasaportunuz için vize kurallarını rezervasyonu onaylarken kontrol ediyoruz. Phi Phi ve James Bond adası turları istek üzerine eklenebilir.',
    },
    originCode: 'TAS',
    destinationCode: 'HKT',
    countryCode: 'TH',
    hotelName: 'Patong Palm Resort',
    hotelStars: 4,
    boardBasis: 'BB',
    inDays: 33,
    nights: 9,
    priceFromMinor: 114_900,
    seatsLeft: 4,
    includes: ['flight', 'hotel', 'transfer', 'insurance', 'baggage'],
    imageUrl: '/tours/phuket.svg',
  },
  {
    slug: 'batumi-from-almaty',
    title: {
      en: 'Batumi: 6 nights by the sea from Almaty',
      ru: 'Батуми: 6 ночей у моря из Алматы',
      uz: 'Batumi: Olmaotadan dengiz boʻyida 6 kecha',
      tr: 'Batum: Almatı’dan deniz kenarında 6 gece',
    },
    summary: {
      en: 'A four-star hotel on the Batumi boulevard, with sea-view rooms and breakfast.',
      ru: 'Четырёхзвёздочный отель на Батумском бульваре, номера с видом на море и завтраки.',
      uz: 'Batumi bulvaridagi toʻrt yulduzli mehmonxona, dengiz manzarali xonalar va nonushta.',
      tr: 'Batum Bulvarı’nda dört yıldızlı bir otel; deniz manzaralı odalar ve kahvaltı.',
    },
    description: {
      en: 'Flights from Almaty, transfers, breakfasts and travel insurance. The pebble beach is across the road; the botanical garden, the Alphabet tower and the old town are a walk or a short taxi ride away.',
      ru: 'Перелёт из Алматы, трансферы, завтраки и страховка. Галечный пляж — через дорогу; ботанический сад, Алфавитная башня и старый город — пешком или на недорогом такси.',
      uz: 'Olmaotadan parvoz, transferlar, nonushta va sugʻurta. Toshloq plyaj — yoʻlning narigi tomonida; botanika bogʻi, Alifbo minorasi va eski shahar — piyoda yoki arzon taksida.',
      tr: 'Almatı’dan uçuş, transferler, kahvaltı ve seyahat sigortası. Çakıllı plaj yolun karşısında; botanik bahçesi, Alfabe Kulesi ve eski şehir yürüme ya da kısa bir taksi mesafesinde.',
    },
    originCode: 'ALA',
    destinationCode: 'BUS',
    countryCode: 'GE',
    hotelName: 'Black Sea Breeze Hotel',
    hotelStars: 4,
    boardBasis: 'BB',
    inDays: 40,
    nights: 6,
    priceFromMinor: 47_900,
    seatsLeft: 9,
    includes: ['flight', 'hotel', 'transfer', 'insurance'],
    imageUrl: '/tours/batumi.svg',
  },
  {
    slug: 'dubai-downtown-from-istanbul',
    title: {
      en: 'Dubai Downtown: 4 nights with breakfast from Istanbul',
      ru: 'Дубай, Даунтаун: 4 ночи с завтраками из Стамбула',
      uz: 'Dubay markazi: Istanbuldan 4 kecha, nonushta bilan',
      tr: 'Dubai Downtown: İstanbul’dan 4 gece kahvaltı dahil',
    },
    summary: {
      en: 'A four-star hotel ten minutes on foot from Dubai Mall and the fountain show.',
      ru: 'Четырёхзвёздочный отель в десяти минутах ходьбы от Dubai Mall и поющих фонтанов.',
      uz: 'Dubai Mall va raqsga tushuvchi favvoralardan oʻn daqiqalik piyoda masofadagi toʻrt yulduzli mehmonxona.',
      tr: 'Dubai Mall’a ve dans eden fıskiyelere on dakika yürüme mesafesinde dört yıldızlı bir otel.',
    },
    description: {
      en: 'Evening flight from Istanbul with 30 kg of baggage, airport transfers and breakfast. We send visa instructions for your passport with the booking confirmation.',
      ru: 'Вечерний рейс из Стамбула с багажом 30 кг, трансферы и завтраки. Инструкции по визе для вашего паспорта пришлём вместе с подтверждением брони.',
      uz: 'Istanbuldan 30 kg yuk bilan kechki reys, transferlar va nonushta. Pasportingiz uchun viza boʻyicha koʻrsatmalarni bron tasdigʻi bilan yuboramiz.',
      tr: 'İstanbul’dan 30 kg bagajlı akşam uçuşu, transferler ve kahvaltı. Pasaportunuza göre vize talimatlarını rezervasyon onayıyla birlikte gönderiyoruz.',
    },
    originCode: 'IST',
    destinationCode: 'DXB',
    countryCode: 'AE',
    hotelName: 'Downtown Oasis Hotel',
    hotelStars: 4,
    boardBasis: 'BB',
    inDays: 50,
    nights: 4,
    priceFromMinor: 52_900,
    seatsLeft: 7,
    includes: ['flight', 'hotel', 'transfer', 'baggage'],
    imageUrl: '/tours/dubai.svg',
  },
];
