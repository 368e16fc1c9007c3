"""Seed data: the demo tenant's plant (356782), a small continuous chemical line.

Feed from the tank farm is pumped (P-101A duty / P-101B standby) through the feed pre-heater E-101 into the
stirred reactor R-101; the compressor K-101 supplies instrument and process air. Live values come from the
monitor module's simulator; this is structure only: collect groups, data-point sources, device models with
components and template points, devices placed in departments, and the alarm settings of a few points.

The devices, their points and the points' alarm messages are named in both languages, "中文 English" as the
demo's other names (docs/decisions.md, "Demo names in both languages"): one Chinese word, then the English name
(a device's with its tag; user data is not translated, each console language finds its half). Models and their
components are named in English; each model keeps its Chinese name in `remark`. Units are SI/process units as
an operator reads them (°C, bar(g), m³/h, rpm, A, mm/s, %).

Template point rows: (code, name, unit, data type, range min, range max, deadband, component code, collect
group code, address).
"""

def english(name: str) -> str:
    """The English half of a name in both languages ("反应釜 Reactor R-101" → "Reactor R-101"): the name an earlier
    demo gave it (demo.seed.relabel)."""
    return name.split(" ", 1)[1]


COLLECT_GROUPS: list[dict] = [
    {"code": "FAST", "name": "Fast poll (1 s)", "period_ms": 1000, "timeout_ms": 500, "retries": 2,
     "protocol": "modbus-tcp", "protocol_config": '{"host": "10.10.1.11", "port": 502, "unitId": 1}',
     "remark": "Rotating equipment and reactor control loop (PLC-1)"},
    {"code": "NORMAL", "name": "Normal poll (5 s)", "period_ms": 5000, "timeout_ms": 2000, "retries": 3,
     "protocol": "opcua", "protocol_config": '{"endpoint": "opc.tcp://10.10.1.20:4840", "securityMode": "None"}',
     "remark": "Process temperatures and flows (DCS OPC UA server)"},
    {"code": "SLOW", "name": "Slow poll (30 s)", "period_ms": 30000, "timeout_ms": 5000, "retries": 3,
     "protocol": "modbus-tcp", "protocol_config": '{"host": "10.10.2.5", "port": 502, "unitId": 3}',
     "remark": "Tank farm RTU"},
]

SOURCES: list[dict] = [
    {"type": "modbus", "code": "PLC-1", "name": "Line PLC (Modbus TCP)", "config": '{"host": "10.10.1.11"}'},
    {"type": "opcua", "code": "DCS-OPC", "name": "DCS OPC UA server", "config": '{"endpoint": "opc.tcp://10.10.1.20:4840"}'},
    {"type": "modbus", "code": "RTU-TF", "name": "Tank farm RTU", "config": '{"host": "10.10.2.5"}'},
    {"type": "calc", "code": "CALC", "name": "Calculated values", "config": None},
]

# code, name, Chinese name, category, manufacturer, components (code, name), template points
MODELS: list[dict] = [
    {"code": "CSTR-5M3", "name": "Stirred tank reactor 5 m³", "zh": "5 m³ 搅拌釜式反应器", "category": "reactor",
     "manufacturer": "Changzhou Process Equipment", "specification": "5 m³, jacketed, 10 bar(g), 250 °C",
     "components": [("VESSEL", "Vessel"), ("AGITATOR", "Agitator"), ("JACKET", "Heating jacket")],
     "points": [
         ("TEMP", "反应温度 Reactor temperature", "°C", "float", 0, 200, 0.2, "VESSEL", "FAST", "40001"),
         ("PRES", "反应压力 Reactor pressure", "bar", "float", 0, 10, 0.02, "VESSEL", "FAST", "40003"),
         ("LEVEL", "釜液位 Reactor level", "%", "float", 0, 100, 0.5, "VESSEL", "FAST", "40005"),
         ("PH", "反应pH Reaction pH", "pH", "float", 0, 14, 0.05, "VESSEL", "NORMAL", "ns=2;s=R.PH"),
         ("FEED_FLOW", "进料流量 Feed flow", "m³/h", "float", 0, 20, 0.1, "VESSEL", "NORMAL", "ns=2;s=R.FEED"),
         ("AGIT_SPEED", "搅拌转速 Agitator speed", "rpm", "float", 0, 300, 1, "AGITATOR", "FAST", "40007"),
         ("AGIT_CURRENT", "搅拌电机电流 Agitator motor current", "A", "float", 0, 50, 0.2, "AGITATOR", "FAST", "40009"),
         ("JACKET_IN_TEMP", "夹套进口温度 Jacket inlet temperature", "°C", "float", 0, 250, 0.2, "JACKET", "NORMAL",
          "ns=2;s=R.JIN"),
         ("JACKET_OUT_TEMP", "夹套出口温度 Jacket outlet temperature", "°C", "float", 0, 250, 0.2, "JACKET", "NORMAL",
          "ns=2;s=R.JOUT"),
         ("RUN", "搅拌运行 Agitator running", None, "bool", None, None, 0, "AGITATOR", "FAST", "00001"),
     ]},
    {"code": "CP-80", "name": "Centrifugal pump 80 m³/h", "zh": "80 m³/h 离心泵", "category": "pump",
     "manufacturer": "Nanfang Pump", "specification": "80 m³/h @ 50 m, 22 kW, 2960 rpm",
     "components": [("MOTOR", "Motor"), ("PUMP_END", "Pump end")],
     "points": [
         ("RUN", "运行 Running", None, "bool", None, None, 0, "MOTOR", "FAST", "00001"),
         ("SPEED", "电机转速 Motor speed", "rpm", "float", 0, 3000, 5, "MOTOR", "FAST", "40101"),
         ("CURRENT", "电机电流 Motor current", "A", "float", 0, 60, 0.2, "MOTOR", "FAST", "40103"),
         ("BEARING_TEMP", "轴承温度 Bearing temperature", "°C", "float", 0, 120, 0.5, "MOTOR", "FAST", "40105"),
         ("VIBRATION", "轴承振动 Bearing vibration", "mm/s", "float", 0, 20, 0.1, "MOTOR", "FAST", "40107"),
         ("FLOW", "出口流量 Discharge flow", "m³/h", "float", 0, 120, 0.5, "PUMP_END", "FAST", "40109"),
         ("DISCH_PRES", "出口压力 Discharge pressure", "bar", "float", 0, 16, 0.05, "PUMP_END", "FAST", "40111"),
         ("SUCT_PRES", "入口压力 Suction pressure", "bar", "float", -1, 4, 0.02, "PUMP_END", "FAST", "40113"),
     ]},
    {"code": "HX-ST-40", "name": "Shell-and-tube heat exchanger 40 m²", "zh": "40 m² 管壳式换热器",
     "category": "heat-exchanger", "manufacturer": "Wuxi Heat Transfer", "specification": "40 m², 1-2 pass",
     "components": [("SHELL", "Shell side (steam)"), ("TUBE", "Tube side (feed)")],
     "points": [
         ("HOT_IN_TEMP", "蒸汽进口温度 Steam inlet temperature", "°C", "float", 0, 250, 0.5, "SHELL", "NORMAL",
          "ns=2;s=E.HIN"),
         ("HOT_OUT_TEMP", "凝液出口温度 Condensate outlet temperature", "°C", "float", 0, 250, 0.5, "SHELL", "NORMAL",
          "ns=2;s=E.HOUT"),
         ("COLD_IN_TEMP", "进料进口温度 Feed inlet temperature", "°C", "float", 0, 150, 0.2, "TUBE", "NORMAL",
          "ns=2;s=E.CIN"),
         ("COLD_OUT_TEMP", "进料出口温度 Feed outlet temperature", "°C", "float", 0, 150, 0.2, "TUBE", "NORMAL",
          "ns=2;s=E.COUT"),
         ("STEAM_FLOW", "蒸汽流量 Steam flow", "t/h", "float", 0, 5, 0.02, "SHELL", "NORMAL",
          "ns=2;s=E.SFLOW"),
         ("FEED_FLOW", "进料流量 Feed flow", "m³/h", "float", 0, 20, 0.1, "TUBE", "NORMAL",
          "ns=2;s=E.CFLOW"),
         ("DP", "管程压降 Tube-side pressure drop", "kPa", "float", 0, 100, 0.5, "TUBE", "NORMAL",
          "ns=2;s=E.DP"),
     ]},
    {"code": "SC-55", "name": "Oil-injected screw compressor 55 kW", "zh": "55 kW 喷油螺杆压缩机",
     "category": "compressor", "manufacturer": "Shanghai Air Systems", "specification": "9.6 m³/min @ 8 bar",
     "components": [("MOTOR", "Motor"), ("AIR_END", "Air end")],
     "points": [
         ("RUN", "运行 Running", None, "bool", None, None, 0, "MOTOR", "FAST", "00001"),
         ("MOTOR_CURRENT", "电机电流 Motor current", "A", "float", 0, 200, 0.5, "MOTOR", "FAST", "40201"),
         ("LOAD", "负荷 Load", "%", "float", 0, 100, 1, "AIR_END", "FAST", "40203"),
         ("DISCH_PRES", "排气压力 Discharge pressure", "bar", "float", 0, 13, 0.05, "AIR_END", "FAST", "40205"),
         ("DISCH_TEMP", "排气温度 Discharge temperature", "°C", "float", 0, 120, 0.5, "AIR_END", "FAST", "40207"),
         ("OIL_PRES", "油压 Oil pressure", "bar", "float", 0, 6, 0.05, "AIR_END", "FAST", "40209"),
         ("RUN_HOURS", "运行小时 Running hours", "h", "int", 0, 200000, 1, "MOTOR", "SLOW", "40211"),
     ]},
    {"code": "TK-100M3", "name": "Storage tank 100 m³", "zh": "100 m³ 储罐", "category": "tank",
     "manufacturer": "Jiangsu Tank Works", "specification": "100 m³, atmospheric, carbon steel",
     "components": [],
     "points": [
         ("LEVEL", "液位 Level", "%", "float", 0, 100, 0.5, None, "SLOW", "40301"),
         ("VOLUME", "体积 Volume", "m³", "float", 0, 100, 0.5, None, "SLOW", "40303"),
         ("TEMP", "温度 Temperature", "°C", "float", -20, 80, 0.5, None, "SLOW", "40305"),
     ]},
]

# code, name, model code, department (demo.DEMO_DEPTS), line, area, location, serial no., install date
DEVICES: list[tuple[str, str, str, str, str, str, str, str, str]] = [
    ("R101", "反应釜 Reactor R-101", "CSTR-5M3", "Synthesis Team", "一号线 Line 1", "反应区 Reaction",
     "A 栋二层 Building A, level 2", "CPE-21-0457", "2021-06-18"),
    ("P101A", "主用进料泵 Feed pump P-101A (duty)", "CP-80", "Production", "一号线 Line 1", "进料区 Feed",
     "泵房 1 号位 Pump house, bay 1", "NP-20-11872", "2020-11-03"),
    ("P101B", "备用进料泵 Feed pump P-101B (standby)", "CP-80", "Production", "一号线 Line 1", "进料区 Feed",
     "泵房 2 号位 Pump house, bay 2", "NP-20-11873", "2020-11-03"),
    ("E101", "进料预热器 Feed pre-heater E-101", "HX-ST-40", "Synthesis Team", "一号线 Line 1", "反应区 Reaction",
     "A 栋一层 Building A, level 1", "WHT-21-0088", "2021-06-18"),
    ("K101", "空压机 Air compressor K-101", "SC-55", "Maintenance", "公用工程 Utilities", "空压站 Compressor house",
     "公用工程楼 Utility building", "SAS-19-3310", "2019-09-12"),
    ("TK201", "原料罐 Feed tank TK-201", "TK-100M3", "Production", "罐区 Tank farm", "罐区 Tank farm",
     "罐区 1 排 Tank farm, row 1", "JTW-18-201", "2018-05-20"),
    ("TK202", "原料罐 Feed tank TK-202", "TK-100M3", "Production", "罐区 Tank farm", "罐区 Tank farm",
     "罐区 1 排 Tank farm, row 1", "JTW-18-202", "2018-05-20"),
    ("TK203", "成品罐 Product tank TK-203", "TK-100M3", "Production", "罐区 Tank farm", "罐区 Tank farm",
     "罐区 2 排 Tank farm, row 2", "JTW-18-203", "2018-05-20"),
]

# device code, point code, low-low, low, high, high-high, level (1 most urgent … 5), message
ALARMS: list[tuple[str, str, float | None, float | None, float | None, float | None, int, str]] = [
    ("R101", "TEMP", None, 60, 95, 110, 1, "反应温度越限 Reactor temperature out of range"),
    ("R101", "PRES", None, None, 6, 8, 1, "反应压力高 Reactor pressure high"),
    ("R101", "LEVEL", 10, 20, 85, 92, 2, "釜液位越限 Reactor level out of range"),
    ("P101A", "VIBRATION", None, None, 7.1, 11.2, 3, "进料泵振动高 P-101A vibration high (ISO 10816 zone C/D)"),
    ("P101A", "BEARING_TEMP", None, None, 85, 95, 3, "进料泵轴承温度高 P-101A bearing temperature high"),
    ("K101", "DISCH_TEMP", None, None, 100, 110, 2, "空压机排气温度高 K-101 discharge temperature high"),
    ("TK201", "LEVEL", 5, 15, 90, 95, 4, "原料罐液位越限 TK-201 level out of range"),
]
