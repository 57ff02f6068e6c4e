//! HR: a company's employees with their department, title and salary histories and the
//! departments' managers, 1990–2025, generated from a fixed seed.

use super::{
    SampleColumn, SampleInfo, SampleTable, col, dollars, fk,
    generate::{Csv, FEMALE_FIRST_NAMES, FIRST_NAMES, Gen, LAST_NAMES, MALE_FIRST_NAMES, Opt, ymd},
};
use chrono::{Datelike, Duration, NaiveDate};

pub const INFO: SampleInfo = SampleInfo {
    display_name: "Human resources",
    description: "A company's employees, departments, job titles, salary history and department managers from 1990 to 2025.",
    questions: [
        "What is the average current salary by department?",
        "How many employees were hired each year?",
        "Which department has the most current employees?",
    ],
};

const DEPARTMENTS: &[SampleColumn] = &[
    col("department_id", "VARCHAR NOT NULL", "Code of the department, such as d005."),
    col("name", "VARCHAR NOT NULL", "Name of the department."),
    col("location", "VARCHAR NOT NULL", "Office where the department sits."),
];
const EMPLOYEES: &[SampleColumn] = &[
    col("employee_id", "INTEGER NOT NULL", "Unique identifier of the employee."),
    col("first_name", "VARCHAR NOT NULL", "Given name of the employee."),
    col("last_name", "VARCHAR NOT NULL", "Family name of the employee."),
    col("gender", "VARCHAR NOT NULL", "Gender the employee declared: F, M or X."),
    col("birth_date", "DATE NOT NULL", "Date of birth."),
    col("hire_date", "DATE NOT NULL", "Date the employee joined the company."),
    col("termination_date", "DATE", "Date the employee left; empty for current employees."),
    col("email", "VARCHAR NOT NULL", "Work e-mail address."),
];
const DEPT_EMP: &[SampleColumn] = &[
    col("employee_id", "INTEGER NOT NULL", "The employee."),
    col("department_id", "VARCHAR NOT NULL", "The department the employee worked in."),
    col("from_date", "DATE NOT NULL", "First day in the department."),
    col("to_date", "DATE", "Last day in the department; empty while current."),
];
const TITLES: &[SampleColumn] = &[
    col("employee_id", "INTEGER NOT NULL", "The employee."),
    col("title", "VARCHAR NOT NULL", "Job title held, such as Senior Engineer."),
    col("from_date", "DATE NOT NULL", "First day with the title."),
    col("to_date", "DATE", "Last day with the title; empty while current."),
];
const SALARIES: &[SampleColumn] = &[
    col("employee_id", "INTEGER NOT NULL", "The employee."),
    dollars("salary", "INTEGER NOT NULL", "Yearly gross salary in US dollars."),
    col("from_date", "DATE NOT NULL", "First day the salary applied."),
    col("to_date", "DATE", "Last day the salary applied; empty while current."),
];
const DEPT_MANAGER: &[SampleColumn] = &[
    col("department_id", "VARCHAR NOT NULL", "The department managed."),
    col("employee_id", "INTEGER NOT NULL", "The manager."),
    col("from_date", "DATE NOT NULL", "First day as the department's manager."),
    col("to_date", "DATE", "Last day as manager; empty while current."),
];

pub const TABLES: &[SampleTable] = &[
    SampleTable {
        name: "departments",
        description: "The company's departments and their offices.",
        columns: DEPARTMENTS,
        primary_key: &["department_id"],
        foreign_keys: &[],
    },
    SampleTable {
        name: "employees",
        description: "Everyone who works or has worked at the company.",
        columns: EMPLOYEES,
        primary_key: &["employee_id"],
        foreign_keys: &[],
    },
    SampleTable {
        name: "dept_emp",
        description: "Which department each employee worked in, and when.",
        columns: DEPT_EMP,
        primary_key: &["employee_id", "department_id", "from_date"],
        foreign_keys: &[fk("employee_id", "employees", "employee_id"), fk("department_id", "departments", "department_id")],
    },
    SampleTable {
        name: "titles",
        description: "Job titles each employee held, and when.",
        columns: TITLES,
        primary_key: &["employee_id", "title", "from_date"],
        foreign_keys: &[fk("employee_id", "employees", "employee_id")],
    },
    SampleTable {
        name: "salaries",
        description: "Salary history: one row per salary an employee was paid, with its period.",
        columns: SALARIES,
        primary_key: &["employee_id", "from_date"],
        foreign_keys: &[fk("employee_id", "employees", "employee_id")],
    },
    SampleTable {
        name: "dept_manager",
        description: "Managers of each department over time.",
        columns: DEPT_MANAGER,
        primary_key: &["department_id", "from_date"],
        foreign_keys: &[fk("department_id", "departments", "department_id"), fk("employee_id", "employees", "employee_id")],
    },
];

/// Code, name, office, weight (share of staff), title ladder, starting salary.
type Department = (&'static str, &'static str, &'static str, u32, [&'static str; 3], i64);
const DEPARTMENT_LIST: &[Department] = &[
    ("d001", "Marketing", "New York", 8, ["Marketing Associate", "Marketing Manager", "Head of Brand"], 52_000),
    ("d002", "Finance", "New York", 7, ["Accountant", "Senior Accountant", "Finance Director"], 58_000),
    ("d003", "Human Resources", "Chicago", 5, ["HR Generalist", "HR Business Partner", "HR Director"], 50_000),
    ("d004", "Production", "Detroit", 20, ["Technician", "Senior Technician", "Production Lead"], 45_000),
    ("d005", "Engineering", "San Francisco", 22, ["Engineer", "Senior Engineer", "Staff Engineer"], 82_000),
    ("d006", "Quality Management", "Detroit", 6, ["QA Analyst", "Senior QA Analyst", "Quality Manager"], 55_000),
    ("d007", "Sales", "Chicago", 17, ["Sales Representative", "Account Executive", "Sales Director"], 48_000),
    ("d008", "Research", "Boston", 7, ["Research Scientist", "Senior Scientist", "Principal Scientist"], 78_000),
    ("d009", "Customer Service", "Austin", 8, ["Support Agent", "Support Specialist", "Support Manager"], 40_000),
];

fn years_later(date: NaiveDate, years: i64, g: &mut Gen) -> NaiveDate {
    date + Duration::days(years * 365 + g.int(-40, 40))
}

pub fn data() -> Vec<(&'static str, String)> {
    let mut g = Gen::new(0x4852_1990);
    let today = ymd(2025, 12, 31);
    let mut departments = Csv::new(&["department_id", "name", "location"]);
    for (code, name, office, ..) in DEPARTMENT_LIST {
        departments.row(&[code, name, office]);
    }
    let weights: Vec<(usize, u32)> = DEPARTMENT_LIST.iter().enumerate().map(|(i, d)| (i, d.3)).collect();

    let mut employees = Csv::new(&["employee_id", "first_name", "last_name", "gender", "birth_date", "hire_date", "termination_date", "email"]);
    let mut dept_emp = Csv::new(&["employee_id", "department_id", "from_date", "to_date"]);
    let mut titles = Csv::new(&["employee_id", "title", "from_date", "to_date"]);
    let mut salaries = Csv::new(&["employee_id", "salary", "from_date", "to_date"]);
    // Per department: (employee, hired, left) of long-serving staff, for managers.
    let mut seniors: Vec<Vec<(i64, NaiveDate, Option<NaiveDate>)>> = vec![Vec::new(); DEPARTMENT_LIST.len()];

    for id in 10_001..=11_000i64 {
        let gender = *g.weighted(&[("F", 48), ("M", 49), ("X", 3)]);
        let names = match gender {
            "F" => FEMALE_FIRST_NAMES,
            "M" => MALE_FIRST_NAMES,
            _ => FIRST_NAMES,
        };
        let (first, last) = (*g.pick(names), *g.pick(LAST_NAMES));
        // More hiring in recent years.
        let hired = if g.chance(0.55) { g.date(ymd(2012, 1, 1), ymd(2025, 11, 30)) } else { g.date(ymd(1990, 1, 1), ymd(2011, 12, 31)) };
        let born = ymd(hired.year() - g.int(21, 45) as i32, g.int(1, 12) as u32, g.int(1, 28) as u32);
        let left = (g.chance(0.3) && hired < today - Duration::days(400)).then(|| g.date(hired + Duration::days(200), today - Duration::days(30)));
        let end = left.unwrap_or(today);
        let email = format!("{}.{}{}@company.example", first.to_lowercase(), last.to_lowercase().replace('ü', "u"), id);
        employees.row(&[&id, &first, &last, &gender, &born, &hired, &Opt(left), &email]);

        let mut dept = *g.weighted(&weights);
        let mut from = hired;
        // Now and then someone moves to another department.
        if g.chance(0.12) && (end - hired).num_days() > 1000 {
            let moved = g.date(hired + Duration::days(365), end - Duration::days(200));
            dept_emp.row(&[&id, &DEPARTMENT_LIST[dept].0, &hired, &(moved - Duration::days(1))]);
            dept = *g.weighted(&weights);
            from = moved;
        }
        dept_emp.row(&[&id, &DEPARTMENT_LIST[dept].0, &from, &Opt(left)]);

        let (.., ladder, base) = DEPARTMENT_LIST[dept];
        let mut title_from = hired;
        let mut level = 0;
        loop {
            let promoted = years_later(title_from, g.int(3, 7), &mut g);
            if level < 2 && promoted < end && g.chance(0.6) {
                titles.row(&[&id, &ladder[level], &title_from, &(promoted - Duration::days(1))]);
                title_from = promoted;
                level += 1;
            } else {
                titles.row(&[&id, &ladder[level], &title_from, &Opt(left)]);
                break;
            }
        }
        if (end - hired).num_days() > 365 * 8 {
            seniors[dept].push((id, hired, left));
        }

        // A raise about every year; salaries of earlier years were lower.
        let years_before = (hired.year() - 1990) as f64;
        let mut salary = (base as f64 * g.around(1.0, 0.15, 0.8, 1.25) * (1.0 + years_before * 0.02)) as i64;
        let mut salary_from = hired;
        loop {
            let next = years_later(salary_from, 1, &mut g).max(salary_from + Duration::days(300));
            let rounded = salary / 100 * 100;
            if next >= end {
                salaries.row(&[&id, &rounded, &salary_from, &Opt(left)]);
                break;
            }
            salaries.row(&[&id, &rounded, &salary_from, &(next - Duration::days(1))]);
            salary = (salary as f64 * g.around(1.035, 0.03, 1.0, 1.12)) as i64;
            salary_from = next;
        }
    }

    let mut managers = Csv::new(&["department_id", "employee_id", "from_date", "to_date"]);
    for (dept, staff) in seniors.iter_mut().enumerate() {
        staff.sort_by_key(|(_, hired, _)| *hired);
        let mut from = staff.first().map(|(_, hired, _)| *hired + Duration::days(365 * 2)).unwrap_or(ymd(1992, 1, 1));
        for (i, (id, hired, left)) in staff.iter().enumerate().step_by(3) {
            from = from.max(*hired + Duration::days(365));
            let until = left.unwrap_or(today).min(years_later(from, g.int(4, 9), &mut g));
            let last = i + 3 >= staff.len() || until >= today - Duration::days(30);
            if until <= from {
                continue;
            }
            if last {
                managers.row(&[&DEPARTMENT_LIST[dept].0, id, &from, &Opt(left.filter(|l| *l < today))]);
                break;
            }
            managers.row(&[&DEPARTMENT_LIST[dept].0, id, &from, &until]);
            from = until + Duration::days(1);
        }
    }

    vec![
        ("departments", departments.finish()),
        ("employees", employees.finish()),
        ("dept_emp", dept_emp.finish()),
        ("titles", titles.finish()),
        ("salaries", salaries.finish()),
        ("dept_manager", managers.finish()),
    ]
}
