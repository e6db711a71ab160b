// Word lists the synthetic records are assembled from.

export interface Place {
  city: string;
  state: string;
  country: string;
  iso2: string;
  iso3: string;
  regions: string[];
  /** Postal codes are text: several carry leading zeros. */
  zip: string;
  currency: string;
  phonePrefix: string;
}

const NORTH_AMERICA = ['Americas', 'North America'];
const WESTERN_EUROPE = ['EMEA', 'Europe', 'Western Europe'];
const NORTHERN_EUROPE = ['EMEA', 'Europe', 'Northern Europe'];
const SOUTHERN_EUROPE = ['EMEA', 'Europe', 'Southern Europe'];

export const PLACES: readonly Place[] = [
  {
    city: 'San Francisco',
    state: 'California',
    country: 'United States',
    iso2: 'US',
    iso3: 'USA',
    regions: NORTH_AMERICA,
    zip: '94105',
    currency: 'USD',
    phonePrefix: '+1415',
  },
  {
    city: 'New York',
    state: 'New York',
    country: 'United States',
    iso2: 'US',
    iso3: 'USA',
    regions: NORTH_AMERICA,
    zip: '10001',
    currency: 'USD',
    phonePrefix: '+1212',
  },
  {
    city: 'Boston',
    state: 'Massachusetts',
    country: 'United States',
    iso2: 'US',
    iso3: 'USA',
    regions: NORTH_AMERICA,
    zip: '02108',
    currency: 'USD',
    phonePrefix: '+1617',
  },
  {
    city: 'Newark',
    state: 'New Jersey',
    country: 'United States',
    iso2: 'US',
    iso3: 'USA',
    regions: NORTH_AMERICA,
    zip: '07102',
    currency: 'USD',
    phonePrefix: '+1973',
  },
  {
    city: 'Austin',
    state: 'Texas',
    country: 'United States',
    iso2: 'US',
    iso3: 'USA',
    regions: NORTH_AMERICA,
    zip: '78701',
    currency: 'USD',
    phonePrefix: '+1512',
  },
  {
    city: 'Seattle',
    state: 'Washington',
    country: 'United States',
    iso2: 'US',
    iso3: 'USA',
    regions: NORTH_AMERICA,
    zip: '98101',
    currency: 'USD',
    phonePrefix: '+1206',
  },
  {
    city: 'Chicago',
    state: 'Illinois',
    country: 'United States',
    iso2: 'US',
    iso3: 'USA',
    regions: NORTH_AMERICA,
    zip: '60601',
    currency: 'USD',
    phonePrefix: '+1312',
  },
  {
    city: 'Toronto',
    state: 'Ontario',
    country: 'Canada',
    iso2: 'CA',
    iso3: 'CAN',
    regions: NORTH_AMERICA,
    zip: 'M5H 2N2',
    currency: 'CAD',
    phonePrefix: '+1416',
  },
  {
    city: 'Mexico City',
    state: 'Ciudad de México',
    country: 'Mexico',
    iso2: 'MX',
    iso3: 'MEX',
    regions: ['Americas', 'Latin America'],
    zip: '06600',
    currency: 'MXN',
    phonePrefix: '+5255',
  },
  {
    city: 'São Paulo',
    state: 'São Paulo',
    country: 'Brazil',
    iso2: 'BR',
    iso3: 'BRA',
    regions: ['Americas', 'Latin America', 'South America'],
    zip: '01310-100',
    currency: 'BRL',
    phonePrefix: '+5511',
  },
  {
    city: 'London',
    state: 'England',
    country: 'United Kingdom',
    iso2: 'GB',
    iso3: 'GBR',
    regions: NORTHERN_EUROPE,
    zip: 'EC1A 1BB',
    currency: 'GBP',
    phonePrefix: '+4420',
  },
  {
    city: 'Dublin',
    state: 'County Dublin',
    country: 'Ireland',
    iso2: 'IE',
    iso3: 'IRL',
    regions: NORTHERN_EUROPE,
    zip: 'D02 X285',
    currency: 'EUR',
    phonePrefix: '+3531',
  },
  {
    city: 'Berlin',
    state: 'Berlin',
    country: 'Germany',
    iso2: 'DE',
    iso3: 'DEU',
    regions: WESTERN_EUROPE,
    zip: '10115',
    currency: 'EUR',
    phonePrefix: '+4930',
  },
  {
    city: 'Munich',
    state: 'Bavaria',
    country: 'Germany',
    iso2: 'DE',
    iso3: 'DEU',
    regions: WESTERN_EUROPE,
    zip: '80331',
    currency: 'EUR',
    phonePrefix: '+4989',
  },
  {
    city: 'Dresden',
    state: 'Saxony',
    country: 'Germany',
    iso2: 'DE',
    iso3: 'DEU',
    regions: WESTERN_EUROPE,
    zip: '01067',
    currency: 'EUR',
    phonePrefix: '+49351',
  },
  {
    city: 'Paris',
    state: 'Île-de-France',
    country: 'France',
    iso2: 'FR',
    iso3: 'FRA',
    regions: WESTERN_EUROPE,
    zip: '75001',
    currency: 'EUR',
    phonePrefix: '+331',
  },
  {
    city: 'Lyon',
    state: 'Auvergne-Rhône-Alpes',
    country: 'France',
    iso2: 'FR',
    iso3: 'FRA',
    regions: WESTERN_EUROPE,
    zip: '69002',
    currency: 'EUR',
    phonePrefix: '+334',
  },
  {
    city: 'Amsterdam',
    state: 'North Holland',
    country: 'Netherlands',
    iso2: 'NL',
    iso3: 'NLD',
    regions: WESTERN_EUROPE,
    zip: '1012 JS',
    currency: 'EUR',
    phonePrefix: '+3120',
  },
  {
    city: 'Zurich',
    state: 'Zurich',
    country: 'Switzerland',
    iso2: 'CH',
    iso3: 'CHE',
    regions: WESTERN_EUROPE,
    zip: '8001',
    currency: 'CHF',
    phonePrefix: '+4144',
  },
  {
    city: 'Stockholm',
    state: 'Stockholm County',
    country: 'Sweden',
    iso2: 'SE',
    iso3: 'SWE',
    regions: NORTHERN_EUROPE,
    zip: '111 20',
    currency: 'SEK',
    phonePrefix: '+468',
  },
  {
    city: 'Madrid',
    state: 'Community of Madrid',
    country: 'Spain',
    iso2: 'ES',
    iso3: 'ESP',
    regions: SOUTHERN_EUROPE,
    zip: '28001',
    currency: 'EUR',
    phonePrefix: '+3491',
  },
  {
    city: 'Milan',
    state: 'Lombardy',
    country: 'Italy',
    iso2: 'IT',
    iso3: 'ITA',
    regions: SOUTHERN_EUROPE,
    zip: '20121',
    currency: 'EUR',
    phonePrefix: '+3902',
  },
  {
    city: 'Tel Aviv',
    state: 'Tel Aviv District',
    country: 'Israel',
    iso2: 'IL',
    iso3: 'ISR',
    regions: ['EMEA', 'Middle East'],
    zip: '6100000',
    currency: 'ILS',
    phonePrefix: '+9723',
  },
  {
    city: 'Dubai',
    state: 'Dubai',
    country: 'United Arab Emirates',
    iso2: 'AE',
    iso3: 'ARE',
    regions: ['EMEA', 'Middle East'],
    zip: '',
    currency: 'AED',
    phonePrefix: '+9714',
  },
  {
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    iso2: 'IN',
    iso3: 'IND',
    regions: ['APAC', 'Asia', 'South Asia'],
    zip: '560001',
    currency: 'INR',
    phonePrefix: '+9180',
  },
  {
    city: 'Singapore',
    state: '',
    country: 'Singapore',
    iso2: 'SG',
    iso3: 'SGP',
    regions: ['APAC', 'Asia', 'Southeast Asia'],
    zip: '018956',
    currency: 'SGD',
    phonePrefix: '+65',
  },
  {
    city: 'Tokyo',
    state: 'Tokyo',
    country: 'Japan',
    iso2: 'JP',
    iso3: 'JPN',
    regions: ['APAC', 'Asia', 'East Asia'],
    zip: '100-0005',
    currency: 'JPY',
    phonePrefix: '+813',
  },
  {
    city: 'Sydney',
    state: 'New South Wales',
    country: 'Australia',
    iso2: 'AU',
    iso3: 'AUS',
    regions: ['APAC', 'Oceania'],
    zip: '2000',
    currency: 'AUD',
    phonePrefix: '+612',
  },
  {
    city: 'Lagos',
    state: 'Lagos',
    country: 'Nigeria',
    iso2: 'NG',
    iso3: 'NGA',
    regions: ['EMEA', 'Africa', 'West Africa'],
    zip: '100001',
    currency: 'NGN',
    phonePrefix: '+2341',
  },
];

/** Holtsville, NY: the US postal code with the most famous leading zeros. */
export const LEADING_ZERO_ZIP_PLACE: Place = {
  city: 'Holtsville',
  state: 'New York',
  country: 'United States',
  iso2: 'US',
  iso3: 'USA',
  regions: NORTH_AMERICA,
  zip: '00501',
  currency: 'USD',
  phonePrefix: '+1631',
};

export const FIRST_NAMES: readonly string[] = [
  'Anna',
  'Lukas',
  'Sofia',
  'Mateo',
  'Olivia',
  'Noah',
  'Emma',
  'Liam',
  'Mia',
  'Elias',
  'Amelia',
  'Jonas',
  'Priya',
  'Arjun',
  'Chen',
  'Mei',
  'Kenji',
  'Yuki',
  'Fatima',
  'Omar',
  'Amara',
  'Chinedu',
  'Lucía',
  'Diego',
  'Camille',
  'Hugo',
  'Ingrid',
  'Lars',
  'Zoe',
  'Daniel',
  'Sarah',
  'David',
  'Laura',
  'Marco',
  'Giulia',
  'Noa',
  'Eitan',
  'Aisha',
  'Rahul',
  'Ananya',
  'Oliver',
  'Charlotte',
  'Jakob',
  'Hannah',
  'Tomás',
  'Beatriz',
  'Kwame',
  'Nia',
  'Sven',
  'Freya',
];

export const MIDDLE_NAMES: readonly string[] = [
  'Marie',
  'James',
  'Louise',
  'Alexander',
  'Grace',
  'Elizabeth',
  'Ray',
  'Jean',
];

export const LAST_NAMES: readonly string[] = [
  'Schmidt',
  'Müller',
  'Garcia',
  'Rossi',
  'Johnson',
  'Williams',
  'Brown',
  'Nguyen',
  'Patel',
  'Sharma',
  'Tanaka',
  'Sato',
  'Kim',
  'Park',
  'Wang',
  'Li',
  'Okafor',
  'Mensah',
  'Haddad',
  'Cohen',
  'Levi',
  'Martin',
  'Bernard',
  'Dubois',
  'Jansen',
  'de Vries',
  'Andersson',
  'Nilsson',
  "O'Brien",
  'Murphy',
  'Silva',
  'Santos',
  'Fernández',
  'López',
  'Kowalski',
  'Nowak',
  'Novak',
  'Horvat',
  'Ivanova',
  'Petrov',
  'Smith',
  'Taylor',
  'Anderson',
  'Thomas',
  'Moreau',
  'Ricci',
  'Bianchi',
  'Costa',
  'Ahmed',
  'Khan',
];

export type Department =
  | 'Engineering and Technical'
  | 'Sales'
  | 'Marketing'
  | 'Product'
  | 'Finance & Accounting'
  | 'Human Resources'
  | 'Operations'
  | 'Design'
  | 'Research'
  | 'C-Suite';

export const DEPARTMENT_TITLES: Record<Department, readonly string[]> = {
  'Engineering and Technical': [
    'Software Engineer',
    'Senior Software Engineer',
    'Staff Engineer',
    'Data Engineer',
    'Site Reliability Engineer',
    'Engineering Manager',
  ],
  Sales: [
    'Account Executive',
    'Senior Account Executive',
    'Sales Development Representative',
    'Regional Sales Director',
    'Head of Sales',
  ],
  Marketing: ['Growth Marketing Manager', 'Content Strategist', 'Product Marketing Manager', 'Head of Marketing'],
  Product: ['Product Manager', 'Senior Product Manager', 'Group Product Manager', 'VP Product'],
  'Finance & Accounting': ['Financial Analyst', 'Controller', 'Head of Finance', 'Chief Financial Officer'],
  'Human Resources': ['Talent Acquisition Partner', 'People Operations Manager', 'HR Business Partner'],
  Operations: ['Operations Manager', 'Supply Chain Analyst', 'Chief Operating Officer'],
  Design: ['Product Designer', 'UX Researcher', 'Design Lead'],
  Research: ['Research Scientist', 'Machine Learning Researcher', 'Principal Scientist'],
  'C-Suite': ['Founder & CEO', 'Co-Founder & CTO', 'Chief Executive Officer'],
};

export const SKILLS_BY_DEPARTMENT: Record<Department, readonly string[]> = {
  'Engineering and Technical': [
    'TypeScript',
    'Python',
    'Go',
    'Kubernetes',
    'PostgreSQL',
    'Distributed Systems',
    'AWS',
    'React',
    'CI/CD',
    'Rust',
  ],
  Sales: ['Enterprise Sales', 'Negotiation', 'Salesforce', 'Pipeline Management', 'SaaS Sales', 'Account Management'],
  Marketing: ['SEO', 'Content Marketing', 'Demand Generation', 'HubSpot', 'Brand Strategy', 'Copywriting'],
  Product: ['Product Strategy', 'Roadmapping', 'User Research', 'A/B Testing', 'Agile', 'SQL'],
  'Finance & Accounting': ['Financial Modeling', 'IFRS', 'Budgeting', 'FP&A', 'Excel', 'M&A'],
  'Human Resources': ['Recruiting', 'Employer Branding', 'Compensation', 'Workday', 'Onboarding'],
  Operations: ['Lean Six Sigma', 'Logistics', 'Process Improvement', 'Vendor Management', 'ERP'],
  Design: ['Figma', 'Interaction Design', 'Prototyping', 'Design Systems', 'Accessibility'],
  Research: ['Machine Learning', 'PyTorch', 'Statistics', 'NLP', 'Computer Vision', 'Experiment Design'],
  'C-Suite': ['Leadership', 'Fundraising', 'Strategy', 'Board Relations', 'Go-to-Market'],
};

export const INTERESTS: readonly string[] = [
  'Climate tech',
  'Open source',
  'Mentoring',
  'Cycling',
  'Photography',
  'Chess',
  'Public speaking',
  'Running',
  'Jazz',
  'Sailing',
];

export const SERVICES: readonly string[] = [
  'Consulting',
  'Coaching',
  'Software Development',
  'Public Speaking',
  'Interim Management',
  'Workshops',
];

export interface Industry {
  /** How a query names it, matched case-insensitively. */
  keyword: string;
  /** How a criterion names it: "Is a fintech company". */
  noun: string;
  label: string;
  category: string;
  specialties: readonly string[];
  nameParts: readonly string[];
}

export const INDUSTRIES: readonly Industry[] = [
  {
    keyword: 'fintech',
    noun: 'fintech',
    label: 'Financial Services',
    category: 'Fintech',
    specialties: ['Payments', 'Lending', 'Open Banking', 'Fraud Detection', 'Embedded Finance'],
    nameParts: ['Pay', 'Ledger', 'Coin', 'Vault', 'Fund'],
  },
  {
    keyword: 'saas',
    noun: 'SaaS',
    label: 'Software Development',
    category: 'B2B Software',
    specialties: ['Workflow Automation', 'Analytics', 'CRM', 'APIs', 'Collaboration'],
    nameParts: ['Stack', 'Flow', 'Sync', 'Cloud', 'Base'],
  },
  {
    keyword: 'ai',
    noun: 'AI',
    label: 'Technology, Information and Internet',
    category: 'Artificial Intelligence',
    specialties: ['Machine Learning', 'LLMs', 'Computer Vision', 'MLOps', 'Data Labeling'],
    nameParts: ['Mind', 'Neural', 'Vector', 'Cortex', 'Signal'],
  },
  {
    keyword: 'healthcare',
    noun: 'healthcare',
    label: 'Hospitals and Health Care',
    category: 'Digital Health',
    specialties: ['Telemedicine', 'Clinical Trials', 'Care Coordination', 'Medical Imaging'],
    nameParts: ['Care', 'Health', 'Medi', 'Vita', 'Pulse'],
  },
  {
    keyword: 'biotech',
    noun: 'biotech',
    label: 'Biotechnology Research',
    category: 'Biotechnology',
    specialties: ['Genomics', 'Drug Discovery', 'Synthetic Biology', 'Diagnostics'],
    nameParts: ['Gen', 'Bio', 'Cell', 'Helix', 'Enzyme'],
  },
  {
    keyword: 'ecommerce',
    noun: 'e-commerce',
    label: 'Retail',
    category: 'E-commerce',
    specialties: ['Marketplaces', 'Fulfillment', 'D2C Brands', 'Checkout'],
    nameParts: ['Cart', 'Shop', 'Basket', 'Market', 'Parcel'],
  },
  {
    keyword: 'climate',
    noun: 'climate tech',
    label: 'Renewable Energy Power Generation',
    category: 'Climate Tech',
    specialties: ['Solar', 'Battery Storage', 'Carbon Accounting', 'Grid Software'],
    nameParts: ['Volt', 'Solar', 'Terra', 'Grid', 'Carbon'],
  },
  {
    keyword: 'logistics',
    noun: 'logistics',
    label: 'Transportation, Logistics, Supply Chain and Storage',
    category: 'Logistics',
    specialties: ['Freight', 'Last-Mile Delivery', 'Warehousing', 'Fleet Management'],
    nameParts: ['Freight', 'Route', 'Cargo', 'Dock', 'Fleet'],
  },
  {
    keyword: 'cybersecurity',
    noun: 'cybersecurity',
    label: 'Computer and Network Security',
    category: 'Security',
    specialties: ['Zero Trust', 'Threat Intelligence', 'Identity', 'SOC Automation'],
    nameParts: ['Shield', 'Guard', 'Cipher', 'Sentinel', 'Lock'],
  },
  {
    keyword: 'edtech',
    noun: 'edtech',
    label: 'E-Learning Providers',
    category: 'Education Technology',
    specialties: ['Online Courses', 'Tutoring', 'Learning Platforms', 'Assessment'],
    nameParts: ['Learn', 'Tutor', 'Class', 'Scholar', 'Quiz'],
  },
];

export const COMPANY_NAME_SUFFIXES: readonly string[] = [
  'ly',
  'io',
  'ify',
  'hub',
  'works',
  'labs',
  'wise',
  'stream',
  'nova',
  'point',
];
/** Endings any company name may have; a legal form is added only where the headquarters' country uses it. */
export const COMPANY_NAME_ENDINGS: readonly string[] = ['', '', '', ' Technologies', ' Group'];
export const LEGAL_FORMS_BY_COUNTRY: Readonly<Record<string, readonly string[]>> = {
  US: [' Inc.', ' LLC'],
  CA: [' Inc.', ' Ltd'],
  GB: [' Ltd'],
  IE: [' Ltd'],
  DE: [' GmbH', ' AG'],
  CH: [' AG', ' GmbH'],
  FR: [' SAS', ' SA'],
  NL: [' B.V.'],
  SE: [' AB'],
  ES: [' S.L.'],
  IT: [' S.r.l.'],
  IN: [' Pvt Ltd'],
  SG: [' Pte Ltd'],
  AU: [' Pty Ltd'],
};
export const COMPANY_TYPES: readonly string[] = [
  'private',
  'private',
  'private',
  'public',
  'nonprofit',
  'partnership',
  'educational',
  'government',
];
export const SIZE_RANGES: readonly string[] = [
  '1-10',
  '11-50',
  '51-200',
  '201-500',
  '501-1000',
  '1001-5000',
  '5001-10000',
  '10001+',
];
export const STOCK_EXCHANGES: readonly string[] = ['NASDAQ', 'NYSE', 'XETRA', 'LSE', 'Euronext'];

export interface School {
  name: string;
  slug: string;
  place: Place;
  street: string;
}

export const SCHOOLS: readonly School[] = [
  { name: 'Technical University of Munich', slug: 'tum', place: PLACES[13], street: 'Arcisstraße 21' },
  { name: 'Stanford University', slug: 'stanford-university', place: PLACES[0], street: '450 Jane Stanford Way' },
  { name: 'Massachusetts Institute of Technology', slug: 'mit', place: PLACES[2], street: '77 Massachusetts Ave' },
  { name: 'University College London', slug: 'ucl', place: PLACES[10], street: 'Gower Street' },
  { name: 'ETH Zurich', slug: 'eth-zurich', place: PLACES[17], street: 'Rämistrasse 101' },
  { name: 'Sciences Po', slug: 'sciences-po', place: PLACES[15], street: '27 Rue Saint-Guillaume' },
  {
    name: 'University of Toronto',
    slug: 'university-of-toronto',
    place: PLACES[7],
    street: "27 King's College Circle",
  },
  { name: 'Indian Institute of Science', slug: 'iisc-bangalore', place: PLACES[23], street: 'CV Raman Road' },
  { name: 'National University of Singapore', slug: 'nus', place: PLACES[24], street: '21 Lower Kent Ridge Road' },
  { name: 'University of Tokyo', slug: 'the-university-of-tokyo', place: PLACES[25], street: '7-3-1 Hongo' },
  { name: 'Universidade de São Paulo', slug: 'usp', place: PLACES[9], street: 'Rua da Reitoria, 374' },
  { name: 'KTH Royal Institute of Technology', slug: 'kth', place: PLACES[18], street: 'Brinellvägen 8' },
  { name: 'TU Dresden', slug: 'tu-dresden', place: PLACES[14], street: 'Helmholtzstraße 10' },
  { name: 'Rutgers University–Newark', slug: 'rutgers-newark', place: PLACES[3], street: '249 University Ave' },
];

export const DEGREES: readonly string[] = [
  'Bachelor of Science',
  'Bachelor of Arts',
  'Master of Science',
  'Master of Business Administration',
  'Doctor of Philosophy',
  'Bachelor of Engineering',
];
export const FIELDS_OF_STUDY: readonly string[] = [
  'Computer Science',
  'Economics',
  'Mechanical Engineering',
  'Business Administration',
  'Mathematics',
  'Physics',
  'Psychology',
  'Industrial Design',
  'Biology',
  '',
];
export const ACTIVITIES: readonly string[] = [
  'Debate Club',
  'Rowing team',
  'Student Council',
  'Hackathon organiser',
  'Entrepreneurship Society',
  'Orchestra',
];

export const LANGUAGES: readonly string[] = [
  'English',
  'German',
  'Spanish',
  'French',
  'Mandarin',
  'Japanese',
  'Hindi',
  'Portuguese',
  'Arabic',
  'Hebrew',
  'Italian',
  'Dutch',
];
export const PROFICIENCIES: readonly string[] = [
  'Native or bilingual proficiency',
  'Full professional proficiency',
  'Professional working proficiency',
  'Limited working proficiency',
  'Elementary proficiency',
];

export const CERTIFICATIONS: ReadonlyArray<{ title: string; issuer: string }> = [
  { title: 'AWS Certified Solutions Architect – Associate', issuer: 'Amazon Web Services' },
  { title: 'Certified Scrum Product Owner', issuer: 'Scrum Alliance' },
  { title: 'Google Analytics Certification', issuer: 'Google' },
  { title: 'PMP', issuer: 'Project Management Institute' },
  { title: 'CFA Level II', issuer: 'CFA Institute' },
  { title: 'Certified Kubernetes Administrator', issuer: 'Cloud Native Computing Foundation' },
];

export const AWARDS: readonly string[] = [
  'Employee of the Year',
  'Hackathon Winner',
  'Top Performer Q3',
  "Dean's List",
  'Innovation Award',
  '30 Under 30',
];
export const ORGANIZATIONS: readonly string[] = [
  'IEEE',
  'Women in Tech',
  'Product Management Association',
  'Rotary Club',
  'Open Source Initiative',
];
export const PROJECT_NAMES: readonly string[] = [
  'Realtime pricing engine',
  'Customer churn model',
  'Design system v2',
  'Warehouse automation pilot',
  'Payments migration',
];
export const PUBLISHERS: readonly string[] = ['IEEE', 'ACM', 'Springer', "O'Reilly Media", 'Harvard Business Review'];
export const TOPICS: readonly string[] = [
  'Machine learning',
  'Distributed systems',
  'Payments',
  'Energy storage',
  'Human-computer interaction',
  'Supply chains',
  'Cryptography',
];
export const COURSE_ORGANIZERS: readonly string[] = [
  'Coursera',
  'edX',
  'Udacity',
  'LinkedIn Learning',
  'Stanford Online',
];
export const COURSE_TITLES: readonly string[] = [
  'Deep Learning Specialization',
  'Negotiation Mastery',
  'Financial Accounting',
  'Cloud Architecture',
  'Data Visualization',
];
export const PATENT_STATUSES: readonly string[] = ['Granted', 'Pending', 'Filed'];
export const POST_ACTIONS: readonly string[] = ['Posted', 'Liked', 'Commented', 'Shared', 'Celebrated'];
export const POST_OPENERS: readonly string[] = [
  'Thrilled to share that our team just shipped',
  'Three lessons from a year of building',
  'We are hiring! Looking for people excited about',
  'Great conversation today about',
  'Proud of the team for launching',
];
export const POST_CLOSERS: readonly string[] = [
  '#hiring',
  '#startups',
  '#engineering',
  '#leadership',
  '#product',
  '#growth',
];
export const ADDITIONAL_SALARY_TYPES: readonly string[] = ['Bonus', 'Stock', 'Commission', 'Profit sharing'];
export const STREETS: readonly string[] = [
  'Main Street',
  'Market Street',
  'Hauptstraße',
  'High Street',
  'Rue de Rivoli',
  'Calle Mayor',
  'Harbour Road',
  'King Street',
];
